import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { isNotificationKind, setEmailPreferences, type NotificationKind } from "./preferences";
import { readUnsubscribeToken } from "./unsubscribe-token";

/** The reason on accounts.notifications_disabled that shows the banner (§4 "Other states"). */
export const LIST_UNSUBSCRIBE = "list-unsubscribe";

/** Adds a reason to accounts.notifications_disabled once (a second call changes nothing). */
export async function disableEmail(db: Kysely<Database> | Transaction<Database>, { siteId, accountId, reason }: { siteId: string; accountId: number; reason: string }): Promise<void> {
  await db
    .updateTable("accounts")
    .set({ notifications_disabled: sql<string[]>`array_append(notifications_disabled, ${reason}::text)` })
    .where("id", "=", accountId)
    .where("site_id", "=", siteId)
    .where(sql<boolean>`not (${reason}::text = any(notifications_disabled))`)
    .execute();
}

/**
 * What an unsubscribe link does (the page's button, or a mail program's one-click POST): that kind of
 * e-mail is turned off, remembered as unsubscribed, and the list-unsubscribe reason shows the banner.
 * One transaction; doing it twice leaves the same state. False when the account is gone.
 */
export async function unsubscribe(db: Kysely<Database>, { siteId, accountId, kind }: { siteId: string; accountId: number; kind: NotificationKind }): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const account = await tx.selectFrom("accounts").select("id").where("id", "=", accountId).where("site_id", "=", siteId).where("erased_at", "is", null).forUpdate().executeTakeFirst();
    if (!account) return false;
    await setEmailPreferences(tx, { siteId, accountId, kinds: [kind], enabled: false });
    await tx
      .insertInto("email_unsubscribes")
      .values({ account_id: accountId, site_id: siteId, kind })
      .onConflict((conflict) => conflict.columns(["account_id", "kind"]).doNothing())
      .execute();
    await disableEmail(tx, { siteId, accountId, reason: LIST_UNSUBSCRIBE });
    return true;
  });
}

/**
 * The other half of "turn e-mails on again" (server/banners/notifications.ts): the kinds the member
 * turned off with unsubscribe links are on again for e-mail, and forgotten as unsubscribed.
 */
export async function resubscribeEmail(tx: Transaction<Database>, { siteId, accountId }: { siteId: string; accountId: number }): Promise<void> {
  const rows = await tx.deleteFrom("email_unsubscribes").where("account_id", "=", accountId).where("site_id", "=", siteId).returning("kind").execute();
  await setEmailPreferences(tx, { siteId, accountId, kinds: rows.map((row) => row.kind).filter(isNotificationKind), enabled: true });
}

/** Whether that kind of e-mail is already off for the member (the page then says so instead of asking). */
async function isUnsubscribed(db: Kysely<Database>, { accountId, kind }: { accountId: number; kind: NotificationKind }): Promise<boolean> {
  const row = await db.selectFrom("email_unsubscribes").select("kind").where("account_id", "=", accountId).where("kind", "=", kind).executeTakeFirst();
  return row !== undefined;
}

/** The member behind an unsubscribe link on this brand, with what the page says in their language; undefined when the link is not valid. */
export async function unsubscribeLinkOwner(
  db: Kysely<Database>,
  { siteId, secrets, token }: { siteId: string; secrets: string[]; token: string },
): Promise<{ accountId: number; kind: NotificationKind; email: string; language: string; country: string; unsubscribed: boolean } | undefined> {
  const target = readUnsubscribeToken(secrets, { siteId, token });
  if (!target) return undefined;
  const account = await db
    .selectFrom("accounts")
    .select(["email", "language", "country"])
    .where("id", "=", target.accountId)
    .where("site_id", "=", siteId)
    .where("erased_at", "is", null)
    .executeTakeFirst();
  if (!account) return undefined;
  return { ...target, ...account, unsubscribed: await isUnsubscribed(db, target) };
}
