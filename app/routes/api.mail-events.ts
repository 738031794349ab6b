import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveMailEvent } from "../../server/notifications/mail-events";

const HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/**
 * POST /api/mail-events: the mail provider's bounce and complaint callbacks in the generic JSON shape
 * (server/notifications/bounces.ts), server to server: no cookie, no Origin; the HMAC signature with
 * MAIL_EVENTS_SECRET authenticates it (docs/security.md). On the brand's host the events are about.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("method_not_allowed", { status: 405, headers: { ...HEADERS, Allow: "POST" } });
  const answer = await receiveMailEvent(context.services, {
    siteId: context.site.id,
    format: "generic",
    // The exact bytes as sent: the signature is over them, not over a parsed and re-encoded form.
    body: await request.text(),
    header: (name) => request.headers.get(name),
    log: context.log,
  });
  return new Response(answer.body, { status: answer.status, headers: HEADERS });
}

export function loader() {
  return new Response("method_not_allowed", { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}
