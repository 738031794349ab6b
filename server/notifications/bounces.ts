import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { normalizeEmail } from "../accounts/email-address";
import type { Database } from "../db/schema";
import { disableEmail } from "./unsubscribe";

/** How far a callback's timestamp may lie from now; older ones are stale (a replay), and receipts are kept this long. */
export const MAIL_EVENT_TOLERANCE_MS = 5 * 60_000;

/** What a provider told us about an address, whatever its format. */
export type MailEvent = { type: "bounce"; email: string; bounceType: "hard" | "soft" } | { type: "complaint"; email: string };

/** A callback: its event, when it was signed, and the nonce a replay would repeat. */
type SignedMailEvent = { event: MailEvent; signedAt: number; nonce: string };

type ReadResult = { status: "ok"; signed: SignedMailEvent } | { status: "unauthenticated" } | { status: "invalid" };

const hmacHex = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest();

/** The body as JSON, or undefined when it is not JSON. */
function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function sameHex(expected: Buffer, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

const genericShape = z.object({
  type: z.enum(["bounce", "complaint"]),
  email: z.string().trim().min(3).max(320).regex(/^[^@\s]+@[^@\s]+$/),
  bounce_type: z.enum(["hard", "soft"]).optional(),
  site: z.string().max(100).optional(),
});

/**
 * The generic JSON shape: `X-Mail-Events-Timestamp` (Unix seconds) and `X-Mail-Events-Signature`, the
 * hex HMAC-SHA256 of "<timestamp>.<raw body>" with MAIL_EVENTS_SECRET. The signature covers the body
 * and the time, so nothing in either can be changed, and it is the nonce against replays.
 */
export function readGenericEvent({ secret, body, header }: { secret: string; body: string; header: (name: string) => string | null }): ReadResult & { site?: string } {
  const timestamp = header("x-mail-events-timestamp") ?? "";
  const signature = header("x-mail-events-signature") ?? "";
  if (!/^\d{1,12}$/.test(timestamp) || !sameHex(hmacHex(secret, `${timestamp}.${body}`), signature)) return { status: "unauthenticated" };
  const parsed = genericShape.safeParse(parseJson(body));
  if (!parsed.success) return { status: "invalid" };
  const { type, email, bounce_type: bounceType, site } = parsed.data;
  if (type === "bounce" && !bounceType) return { status: "invalid" };
  const event: MailEvent = type === "bounce" ? { type, email, bounceType: bounceType ?? "hard" } : { type, email };
  return { status: "ok", signed: { event, signedAt: Number(timestamp) * 1000, nonce: `generic:${signature.toLowerCase()}` }, site };
}

const mailgunShape = z.object({
  signature: z.object({ timestamp: z.union([z.string(), z.number()]).transform(String), token: z.string().min(1).max(200), signature: z.string() }),
  "event-data": z
    .object({ event: z.string(), severity: z.string().optional(), recipient: z.string().optional() })
    .passthrough(),
});

/**
 * Mailgun's webhook (documentation.mailgun.com, "Securing Webhooks"): the body holds
 * signature {timestamp, token, signature}, signature being the hex HMAC-SHA256 of timestamp + token
 * with the webhook signing key (MAIL_EVENTS_SECRET), and event-data: "failed" with severity
 * "permanent" or "temporary", or "complained". The token is random per call: the nonce.
 * Other events (delivered, opened, …) are authenticated and then ignored (`event` undefined).
 */
export function readMailgunEvent({ secret, body }: { secret: string; body: string }): { status: "ok"; signed: Omit<SignedMailEvent, "event"> & { event?: MailEvent } } | { status: "unauthenticated" } | { status: "invalid" } {
  const parsed = mailgunShape.safeParse(parseJson(body));
  if (!parsed.success) return { status: "unauthenticated" };
  const { signature, "event-data": data } = parsed.data;
  if (!/^\d{1,12}$/.test(signature.timestamp) || !sameHex(hmacHex(secret, `${signature.timestamp}${signature.token}`), signature.signature)) {
    return { status: "unauthenticated" };
  }
  const base = { signedAt: Number(signature.timestamp) * 1000, nonce: `mailgun:${signature.token}` };
  const email = data.recipient?.trim() ?? "";
  if (data.event === "complained") return email ? { status: "ok", signed: { ...base, event: { type: "complaint", email } } } : { status: "invalid" };
  if (data.event === "failed") {
    if (!email) return { status: "invalid" };
    return { status: "ok", signed: { ...base, event: { type: "bounce", email, bounceType: data.severity === "permanent" ? "hard" : "soft" } } };
  }
  return { status: "ok", signed: base };
}

/** Whether the signing time is within the tolerance of now (either side: clocks differ a little). */
export function isFresh(signedAt: number, now: Date): boolean {
  return Math.abs(now.getTime() - signedAt) <= MAIL_EVENT_TOLERANCE_MS;
}

/**
 * Applies one authenticated, fresh callback on the brand, once: its nonce is stored in the same
 * transaction, so the same call again answers "replayed" and changes nothing. A hard bounce adds
 * 'bounce', a complaint 'spam' to notifications_disabled of the brand's account with that address,
 * which stops all but transactional mail (and shows the banner). A soft bounce is only recorded as
 * seen: the provider retries it itself, and a full mailbox today says nothing about tomorrow.
 */
export async function applyMailEvent(
  db: Kysely<Database>,
  { siteId, nonce, event }: { siteId: string; nonce: string; event?: MailEvent },
): Promise<{ status: "applied" | "ignored" | "replayed"; accounts: number }> {
  return db.transaction().execute(async (tx) => {
    const fresh = await tx.insertInto("mail_event_receipts").values({ id: nonce.slice(0, 300) }).onConflict((conflict) => conflict.column("id").doNothing()).returning("id").executeTakeFirst();
    if (!fresh) return { status: "replayed" as const, accounts: 0 };
    const reason = !event ? undefined : event.type === "complaint" ? "spam" : event.bounceType === "hard" ? "bounce" : undefined;
    if (!event || !reason) return { status: "ignored" as const, accounts: 0 };
    const accounts = await tx.selectFrom("accounts").select("id").where("site_id", "=", siteId).where("email", "=", normalizeEmail(event.email)).execute();
    for (const account of accounts) await disableEmail(tx, { siteId, accountId: account.id, reason });
    return { status: "applied" as const, accounts: accounts.length };
  });
}

/** Receipts older than the tolerance can never match a fresh call again: they go. */
export async function purgeMailEventReceipts(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom("mail_event_receipts").where("received_at", "<", new Date(now.getTime() - 2 * MAIL_EVENT_TOLERANCE_MS)).execute();
}
