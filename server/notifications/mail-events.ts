import type { Services } from "../http/request-context";
import type { Logger } from "../log";
import { applyMailEvent, isFresh, readGenericEvent, readMailgunEvent } from "./bounces";

export type MailEventsFormat = "generic" | "mailgun";

/**
 * One call of the mail provider to /api/mail-events[/mailgun] on a brand's host, answered in plain
 * text: 404 while MAIL_EVENTS_SECRET is unset (the endpoint does not exist for this deployment), 401
 * when the signature is missing or wrong, the timestamp stale, or the same call was applied before,
 * 400 for a signed body that is not a bounce or complaint we understand, 200 once applied or ignored.
 */
export async function receiveMailEvent(
  services: Pick<Services, "store" | "mailEventsSecret">,
  { siteId, format, body, header, log, now = new Date() }: { siteId: string; format: MailEventsFormat; body: string; header: (name: string) => string | null; log: Logger; now?: Date },
): Promise<{ status: number; body: string }> {
  const secret = services.mailEventsSecret;
  if (!secret) return { status: 404, body: "not_found" };
  const read = format === "mailgun" ? readMailgunEvent({ secret, body }) : readGenericEvent({ secret, body, header });
  if (read.status === "unauthenticated") return { status: 401, body: "unauthenticated" };
  if (read.status === "invalid") return { status: 400, body: "invalid" };
  if ("site" in read && read.site !== undefined && read.site !== siteId) return { status: 400, body: "wrong_site" };
  if (!isFresh(read.signed.signedAt, now)) return { status: 401, body: "stale" };
  const applied = await applyMailEvent(services.store.db, { siteId, nonce: read.signed.nonce, event: read.signed.event });
  if (applied.status === "replayed") return { status: 401, body: "replayed" };
  log.info({ siteId, format, type: read.signed.event?.type, outcome: applied.status, accounts: applied.accounts }, "mail event");
  return { status: 200, body: applied.status };
}
