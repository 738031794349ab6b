import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { blockedFor, consume, minutesFrom, type AccountLimits } from "./limits";
import { revokeLinks } from "./links";
import type { Member } from "./member";
import { hashPassword, verifyPassword } from "./passwords";
import { hashToken } from "./tokens";

export type PasswordChange =
  | { status: "changed"; signedOut: number }
  | { status: "wrong_password" }
  | { status: "locked"; minutes: number };

/**
 * Sets a new password for a signed-in member who knows the current one. Wrong current passwords
 * count toward the login lockout of the account, as on the login form, so the settings page is no
 * way around it. The new hash, the end of every other session of the account (whoever knew the old
 * password is signed out there) and the end of its pending reset and e-mail change links are one
 * transaction. A retry of a change that went through (the answer was lost) finds the new password
 * already in place and answers the same, rather than "wrong password" (it still spends a point).
 */
export async function changePassword(
  db: Kysely<Database>,
  limits: AccountLimits,
  { member, sessionId, oldPassword, newPassword }: { member: Member; sessionId: string | undefined; oldPassword: string; newPassword: string },
): Promise<PasswordChange> {
  const lockKey = `${member.siteId}:${member.email}`;
  const locked = await blockedFor(limits.loginAccount, lockKey);
  if (locked > 0) return { status: "locked", minutes: minutesFrom(locked) };
  const account = await db
    .selectFrom("accounts")
    .select("password_hash")
    .where("id", "=", member.accountId)
    .where("site_id", "=", member.siteId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.password_hash, oldPassword))) {
    // Counted before the retry check too, so guessing through the new-password field costs the same.
    const state = await consume(limits.loginAccount, lockKey);
    if (state.allowed && (await verifyPassword(account.password_hash, newPassword))) return { status: "changed", signedOut: 0 };
    return state.allowed && state.remaining > 0 ? { status: "wrong_password" } : { status: "locked", minutes: minutesFrom(state.msBeforeNext) };
  }

  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (tx) => {
    await tx.updateTable("accounts").set({ password_hash: passwordHash }).where("id", "=", member.accountId).execute();
    let others = tx.deleteFrom("sessions").where("account_id", "=", member.accountId);
    if (sessionId) others = others.where("id_hash", "!=", hashToken(sessionId));
    const [ended] = await others.execute();
    await revokeLinks(tx, { accountId: member.accountId, purposes: ["password_reset", "mail_change"] });
    return { status: "changed" as const, signedOut: Number(ended?.numDeletedRows ?? 0) };
  });
}
