import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { blockedFor, consume, minutesFrom, type AccountLimits } from "./limits";
import { verifyNothing, verifyPassword } from "./passwords";
import { graceStart } from "./signup";

export type PasswordCheck =
  | { status: "ok"; accountId: number; language: string }
  | { status: "failed" }
  | { status: "locked"; minutes: number }
  /** The right password of an account staff banned: no session; the member is shown /pages/ban. */
  | { status: "banned" }
  /** The right password of an account deleted within its grace: no session; reactivation is offered, never done silently. */
  | { status: "deleted"; accountId: number };

type Attempt = { siteId: string; email: string; password: string; ip: string };

/** The key of an account's wrong-password count in limits.loginAccount (support staff clear it). */
export const loginAccountKey = (siteId: string, email: string) => `${siteId}:${email}`;

/**
 * Checks an address and password on one site, under the login limits: per account (site and
 * address) and per IP. Every failure counts; the one that spends a limit already answers "locked".
 * A ban is told only to whoever gives the right password, so the answer reveals nothing to others.
 */
export async function checkPassword(db: Kysely<Database>, limits: AccountLimits, { siteId, email, password, ip }: Attempt): Promise<PasswordCheck> {
  const accountKey = loginAccountKey(siteId, email);
  const locked = Math.max(await blockedFor(limits.loginAccount, accountKey), await blockedFor(limits.loginIp, ip));
  if (locked > 0) return { status: "locked", minutes: minutesFrom(locked) };

  const account = await db
    .selectFrom("accounts")
    .select(["id", "password_hash", "language", "banned_at", "status", "deleted_at"])
    .where("site_id", "=", siteId)
    .where("email", "=", email)
    .where((eb) => eb.or([eb("status", "!=", "deleted"), eb("deleted_at", ">", graceStart())]))
    .executeTakeFirst();
  const correct = account ? await verifyPassword(account.password_hash, password) : await verifyNothing(password);
  if (account && correct) {
    await limits.loginAccount.delete(accountKey);
    if (account.banned_at) return { status: "banned" };
    if (account.status === "deleted") return { status: "deleted", accountId: account.id };
    return { status: "ok", accountId: account.id, language: account.language };
  }

  const spent = (await Promise.all([consume(limits.loginAccount, accountKey), consume(limits.loginIp, ip)])).filter(
    (state) => !state.allowed || state.remaining === 0,
  );
  if (spent.length > 0) return { status: "locked", minutes: minutesFrom(Math.max(...spent.map((state) => state.msBeforeNext))) };
  return { status: "failed" };
}
