import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Site } from "../sites/schema";
import { consume, type AccountLimits } from "./limits";
import { consumeLink, revokeLinks } from "./links";
import { queueLinkMail } from "./outgoing";
import { hashPassword } from "./passwords";

export const RESET_HOURS = 2;

type ResetRequest = {
  site: Site;
  email: string;
  ip: string;
  origin: string;
  /** The day in the site's time zone, 'YYYY-MM-DD': the daily limit counts per calendar day. */
  today: string;
  /** A translator for the member's own language, which the mail is written in. */
  translatorFor: (language: string, country: string) => TFunction;
};

/** Sends a reset link to an account of the site: at most three a day per account (§8). */
export async function requestPasswordReset(
  db: Kysely<Database>,
  limits: AccountLimits,
  { site, email, ip, origin, today, translatorFor }: ResetRequest,
): Promise<"sent" | "not_found" | "too_many"> {
  if (!(await consume(limits.resetIp, ip)).allowed) return "too_many";
  const account = await db
    .selectFrom("accounts")
    .innerJoin("profiles", "profiles.account_id", "accounts.id")
    .select(["accounts.id", "accounts.language", "accounts.country", "profiles.name"])
    .where("accounts.site_id", "=", site.id)
    .where("accounts.email", "=", email)
    .where("accounts.status", "!=", "deleted")
    .executeTakeFirst();
  if (!account) return "not_found";
  if (!(await consume(limits.resetAccount, `${site.id}:${account.id}:${today}`)).allowed) return "too_many";

  const outgoing = { site, origin, t: translatorFor(account.language, account.country), language: account.language };
  await db.transaction().execute(async (tx) => {
    await revokeLinks(tx, { accountId: account.id, purposes: ["password_reset"] });
    await queueLinkMail(tx, { kind: "passwordReset", outgoing, accountId: account.id, to: email, name: account.name, validFor: { hours: RESET_HOURS } });
  });
  return "sent";
}

/**
 * Sets the new password through a reset link and ends every session of the account (the route signs
 * in only the browser that reset). Using the link voids the account's other reset links and any
 * pending e-mail change (see consumeLink), all in one transaction.
 */
export async function resetPassword(
  db: Kysely<Database>,
  { siteId, token, password }: { siteId: string; token: string; password: string },
): Promise<number | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const link = await consumeLink(tx, { siteId, token, purpose: "password_reset" });
    if (!link) return undefined;
    await tx.updateTable("accounts").set({ password_hash: passwordHash }).where("id", "=", link.accountId).execute();
    await tx.deleteFrom("sessions").where("account_id", "=", link.accountId).execute();
    return link.accountId;
  });
}
