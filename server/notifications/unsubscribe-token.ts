import { createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationKind, type NotificationKind } from "./preferences";

/**
 * The signed part of an unsubscribe link: it names the member and the kind, and is bound to the brand,
 * so it cannot be changed into another member's, another kind's or another brand's link. It carries
 * no expiry: RFC 8058 links must keep working for the life of the mail, and all it can do is turn
 * one kind of mail off, which the member can undo.
 */
const PURPOSE = "amora unsubscribe v1";

/** A key of its own per secret, so an unsubscribe MAC can never stand in for a session cookie's. */
const keyOf = (secret: string) => createHmac("sha256", secret).update(PURPOSE).digest();

const macOf = (secret: string, { siteId, accountId, kind }: UnsubscribeTarget) =>
  createHmac("sha256", keyOf(secret)).update(`${siteId}\n${accountId}\n${kind}`).digest();

type UnsubscribeTarget = { siteId: string; accountId: number; kind: NotificationKind };

/** `<account>.<kind>.<mac>`, URL-safe; signed with the first secret. */
export function signUnsubscribeToken(secrets: string[], target: UnsubscribeTarget): string {
  const [secret] = secrets;
  if (!secret) throw new Error("no secret to sign unsubscribe links with");
  return `${target.accountId}.${target.kind}.${macOf(secret, target).toString("base64url")}`;
}

/** The member and kind a token names on this brand, when some current secret signed it; else undefined. */
export function readUnsubscribeToken(secrets: string[], { siteId, token }: { siteId: string; token: string }): Omit<UnsubscribeTarget, "siteId"> | undefined {
  const match = /^([1-9]\d{0,15})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, account, kind, mac] = match as unknown as [string, string, string, string];
  const accountId = Number(account);
  if (!Number.isSafeInteger(accountId) || !isNotificationKind(kind)) return undefined;
  const given = Buffer.from(mac, "base64url");
  const valid = secrets.some((secret) => {
    const expected = macOf(secret, { siteId, accountId, kind });
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? { accountId, kind } : undefined;
}
