import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isUniqueViolation } from "../db/errors";
import type { Site } from "../sites/schema";
import { blockedFor, consume, minutesFrom, type AccountLimits } from "./limits";
import { consumeLink, revokeLinks } from "./links";
import type { Member } from "./member";
import { queueLinkMail, queueMailChangedNotice, type Outgoing } from "./outgoing";
import { verifyPassword } from "./passwords";
import { emailStanding } from "./signup";

export const MAIL_CHANGE_HOURS = 24;

export type EmailChangeRequest =
  | { status: "sent" }
  | { status: "wrong_password" }
  | { status: "taken" }
  | { status: "locked"; minutes: number }
  | { status: "too_many" };

/**
 * Checks the old password and the new address, then mails a confirmation link to the new address;
 * the account keeps its address until that link is used. Wrong passwords count toward the login lockout.
 */
export async function requestEmailChange(
  db: Kysely<Database>,
  limits: AccountLimits,
  { member, oldPassword, newEmail, outgoing }: { member: Member; oldPassword: string; newEmail: string; outgoing: Outgoing },
): Promise<EmailChangeRequest> {
  const lockKey = `${member.siteId}:${member.email}`;
  const locked = await blockedFor(limits.loginAccount, lockKey);
  if (locked > 0) return { status: "locked", minutes: minutesFrom(locked) };
  const account = await db.selectFrom("accounts").select("password_hash").where("id", "=", member.accountId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.password_hash, oldPassword))) {
    const state = await consume(limits.loginAccount, lockKey);
    return state.allowed && state.remaining > 0 ? { status: "wrong_password" } : { status: "locked", minutes: minutesFrom(state.msBeforeNext) };
  }
  if ((await emailStanding(db, { siteId: member.siteId, email: newEmail })) !== "free") return { status: "taken" };
  if (!(await consume(limits.linkMails, `mail-change:${member.accountId}`)).allowed) return { status: "too_many" };

  await db.transaction().execute(async (tx) => {
    await revokeLinks(tx, { accountId: member.accountId, purposes: ["mail_change"] });
    await queueLinkMail(tx, {
      kind: "mailChange",
      outgoing,
      accountId: member.accountId,
      to: newEmail,
      name: member.name,
      validFor: { hours: MAIL_CHANGE_HOURS },
      newEmail,
    });
  });
  return { status: "sent" };
}

/**
 * Moves the account to the address its link was sent to, unless another account took it meanwhile,
 * and tells the old address, in the member's language. Using the link voids every other link of the
 * account (see consumeLink): those went to the old address.
 */
export async function confirmEmailChange(
  db: Kysely<Database>,
  { site, token, origin, translatorFor }: { site: Site; token: string; origin: string; translatorFor: (language: string, country: string) => TFunction },
): Promise<{ status: "changed"; email: string } | { status: "invalid" | "taken" }> {
  try {
    return await db.transaction().execute(async (tx) => {
      const link = await consumeLink(tx, { siteId: site.id, token, purpose: "mail_change" });
      if (!link?.newEmail) return { status: "invalid" as const };
      const account = await tx
        .selectFrom("accounts")
        .innerJoin("profiles", "profiles.account_id", "accounts.id")
        .select(["accounts.email", "accounts.language", "accounts.country", "profiles.name"])
        .where("accounts.id", "=", link.accountId)
        .executeTakeFirstOrThrow();
      await tx.updateTable("accounts").set({ email: link.newEmail }).where("id", "=", link.accountId).execute();
      const outgoing = { site, origin, t: translatorFor(account.language, account.country), language: account.language };
      await queueMailChangedNotice(tx, { outgoing, accountId: link.accountId, oldEmail: account.email, newEmail: link.newEmail, name: account.name });
      return { status: "changed" as const, email: link.newEmail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
}
