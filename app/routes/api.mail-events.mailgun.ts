import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveMailEvent } from "../../server/notifications/mail-events";

const HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/**
 * POST /api/mail-events/mailgun: Mailgun's webhooks ("failed" and "complained"), signed in the body
 * with the webhook signing key (MAIL_EVENTS_SECRET); see server/notifications/bounces.ts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("method_not_allowed", { status: 405, headers: { ...HEADERS, Allow: "POST" } });
  const answer = await receiveMailEvent(context.services, {
    siteId: context.site.id,
    format: "mailgun",
    body: await request.text(),
    header: (name) => request.headers.get(name),
    log: context.log,
  });
  return new Response(answer.body, { status: answer.status, headers: HEADERS });
}

export function loader() {
  return new Response("method_not_allowed", { status: 405, headers: { ...HEADERS, Allow: "POST" } });
}
