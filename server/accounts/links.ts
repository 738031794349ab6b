import type { Kysely, Transaction } from "kysely";
import type { Database, TokenPurpose } from "../db/schema";
import { hashToken, randomToken } from "./tokens";

type Db = Kysely<Database> | Transaction<Database>;
type LinkQuery = { siteId: string; token: string; purpose: TokenPurpose };

/**
 * The single-use links of activation, password reset and e-mail change. Only a hash of the token is
 * stored; a link works once, until it expires, and only on the brand of its account.
 */
export async function createLink(
  tx: Transaction<Database>,
  { accountId, purpose, validForMs, newEmail }: { accountId: number; purpose: TokenPurpose; validForMs: number; newEmail?: string },
): Promise<string> {
  const token = randomToken();
  await tx
    .insertInto("account_tokens")
    .values({ token_hash: hashToken(token), account_id: accountId, purpose, new_email: newEmail ?? null, expires_at: new Date(Date.now() + validForMs) })
    .execute();
  return token;
}

const usable = (db: Db, { siteId, token, purpose }: LinkQuery) =>
  db
    .selectFrom("account_tokens")
    .innerJoin("accounts", "accounts.id", "account_tokens.account_id")
    .select(["account_tokens.account_id as accountId", "account_tokens.new_email as newEmail"])
    .where("account_tokens.token_hash", "=", hashToken(token))
    .where("account_tokens.purpose", "=", purpose)
    .where("account_tokens.used_at", "is", null)
    .where("account_tokens.expires_at", ">", new Date())
    .where("accounts.site_id", "=", siteId)
    .where("accounts.status", "!=", "deleted");

/** Whether a link would still work, without using it (to show its form). */
export async function findLink(db: Db, query: LinkQuery) {
  return usable(db, query).executeTakeFirst();
}

/**
 * What using a link makes void: links die with the credentials they were issued under. A new
 * password voids the other reset links and any pending e-mail change (whoever knew the old password
 * may have asked for it); a new address voids every link that went to the old one. Activation links
 * outlive a reset: they went to the very address the reset just proved, and only confirm it.
 */
const VOIDED_BY_USE: Record<TokenPurpose, readonly TokenPurpose[]> = {
  activation: [],
  password_reset: ["password_reset", "mail_change"],
  mail_change: ["activation", "password_reset", "mail_change"],
  // Reactivation links are used through ./reactivation.ts (they work on a deleted account); one use spends them all.
  reactivation: ["reactivation"],
};

/**
 * Uses a link up, and voids the account's other links its use makes stale, in the caller's
 * transaction: answers its account (and new address), or undefined for an old, used or foreign link.
 */
export async function consumeLink(tx: Transaction<Database>, query: LinkQuery) {
  const link = await usable(tx, query).forUpdate().executeTakeFirst();
  if (!link) return undefined;
  await tx.updateTable("account_tokens").set({ used_at: new Date() }).where("token_hash", "=", hashToken(query.token)).execute();
  await revokeLinks(tx, { accountId: link.accountId, purposes: VOIDED_BY_USE[query.purpose] });
  return link;
}

/** Makes the unused links of these purposes stop working (when a new one is sent, or a credential changed). */
export async function revokeLinks(
  tx: Transaction<Database>,
  { accountId, purposes, now = new Date() }: { accountId: number; purposes: readonly TokenPurpose[]; now?: Date },
) {
  if (purposes.length === 0) return;
  await tx
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("account_id", "=", accountId)
    .where("purpose", "in", purposes)
    .where("used_at", "is", null)
    .execute();
}
