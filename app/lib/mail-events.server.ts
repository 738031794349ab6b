import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveMailEvent, type MailEventsFormat } from "../../server/notifications/mail-events";

const HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

const onlyPost = () => new Response("method_not_allowed", { status: 405, headers: { ...HEADERS, Allow: "POST" } });

/**
 * The route of a mail provider's bounce and complaint callbacks in one format: server to server, no
 * cookie, no Origin; the signature with MAIL_EVENTS_SECRET authenticates it (docs/security.md). On
 * the host of the brand the events are about.
 */
export function mailEventRoute(format: MailEventsFormat) {
  return {
    async action({ request, context }: ActionFunctionArgs) {
      if (request.method !== "POST") return onlyPost();
      const answer = await receiveMailEvent(context.services, {
        siteId: context.site.id,
        format,
        // The exact bytes as sent: the signature is over them, not over a parsed and re-encoded form.
        body: await request.text(),
        header: (name) => request.headers.get(name),
        log: context.log,
      });
      return new Response(answer.body, { status: answer.status, headers: HEADERS });
    },
    loader: onlyPost,
  };
}
