import type { Kysely } from "kysely";
import { blockedFor, consume, minutesFrom } from "../accounts/limits";
import { verifyNothing, verifyPassword } from "../accounts/passwords";
import type { Database } from "../db/schema";
import { recordAudit } from "./audit";
import { normalizeRecoveryCode, spendRecoveryCode } from "./recovery-codes";
import { normalizeStaffEmail } from "./staff-accounts";
import type { StaffLimits } from "./staff-limits";
import { totpStep } from "./totp";

type Db = Kysely<Database>;

export type StaffPasswordCheck = { status: "ok"; staffId: number } | { status: "failed" } | { status: "locked"; minutes: number };

/**
 * The first step of signing in, as members' login does it (server/accounts/login.ts): limits per
 * address and per IP, every failure counted, the failure that spends a limit already answered
 * "locked", and a missing or disabled account as slow as a wrong password.
 */
export async function checkStaffPassword(db: Db, limits: StaffLimits, { email, password, ip }: { email: string; password: string; ip: string }): Promise<StaffPasswordCheck> {
  const address = normalizeStaffEmail(email);
  const locked = Math.max(await blockedFor(limits.loginAccount, address), await blockedFor(limits.loginIp, ip));
  if (locked > 0) return { status: "locked", minutes: minutesFrom(locked) };

  const account = await db
    .selectFrom("staff_accounts")
    .select(["id", "password_hash"])
    .where("email", "=", address)
    .where("disabled_at", "is", null)
    .where("password_hash", "is not", null)
    .executeTakeFirst();
  const correct = account?.password_hash ? await verifyPassword(account.password_hash, password) : await verifyNothing(password);
  if (account && correct) {
    await limits.loginAccount.delete(address);
    return { status: "ok", staffId: account.id };
  }

  const [byAccount, byIp] = await Promise.all([consume(limits.loginAccount, address), consume(limits.loginIp, ip)]);
  const spent = [byAccount, byIp].filter((state) => !state.allowed || state.remaining === 0);
  if (spent.length === 0) return { status: "failed" };
  // The account's own trail shows that someone was locked out of it (only the attempt that locked it).
  if (account && byAccount.allowed && byAccount.remaining === 0) {
    await recordAudit(db, { staffId: account.id, ip }, { action: "staff.sign-in.locked", detail: { after: "wrong passwords" } });
  }
  return { status: "locked", minutes: minutesFrom(Math.max(...spent.map((state) => state.msBeforeNext))) };
}

export type SecondFactor = "totp" | "recovery-code" | "passkey";
export type SecondFactorCheck = { status: "ok"; factor: SecondFactor } | { status: "failed" } | { status: "reused" } | { status: "locked"; minutes: number };

/**
 * The second step: a code of the authenticator app, or one of the recovery codes. A TOTP code is
 * good once (the step it belongs to is remembered), a recovery code once. The code's use and the
 * sign-in's audit row are one transaction. Five wrong codes lock the second step for 15 minutes.
 */
export async function checkSecondFactor(
  db: Db,
  limits: StaffLimits,
  { staffId, code, ip, now = new Date() }: { staffId: number; code: string; ip: string; now?: Date },
): Promise<SecondFactorCheck> {
  const key = String(staffId);
  const locked = await blockedFor(limits.secondFactor, key);
  if (locked > 0) return { status: "locked", minutes: minutesFrom(locked) };

  const result = await db.transaction().execute(async (tx): Promise<SecondFactorCheck> => {
    const factor: SecondFactor = normalizeRecoveryCode(code) ? "recovery-code" : "totp";
    if (factor === "recovery-code") {
      if (!(await spendRecoveryCode(tx, { staffId, code }))) return { status: "failed" };
    } else {
      const account = await tx.selectFrom("staff_accounts").select("totp_secret").where("id", "=", staffId).executeTakeFirst();
      const step = account?.totp_secret ? totpStep({ secret: account.totp_secret, code, now: now.getTime() }) : undefined;
      if (step === undefined) return { status: "failed" };
      // One statement decides, so two sign-ins with the same code at the same moment cannot both pass.
      const taken = await tx
        .updateTable("staff_accounts")
        .set({ totp_last_step: step })
        .where("id", "=", staffId)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .returning("id")
        .executeTakeFirst();
      if (!taken) return { status: "reused" };
    }
    await recordAudit(tx, { staffId, ip }, { action: "staff.sign-in", detail: { factor } });
    return { status: "ok", factor };
  });

  if (result.status === "ok") {
    await limits.secondFactor.delete(key);
    return result;
  }
  const state = await consume(limits.secondFactor, key);
  if (!state.allowed || state.remaining === 0) return { status: "locked", minutes: minutesFrom(state.msBeforeNext) };
  return result;
}

/** The message a person reads for a refused second step. */
export function secondFactorMessage(check: Exclude<SecondFactorCheck, { status: "ok" }>): string {
  if (check.status === "locked") return lockedMessage(check.minutes);
  if (check.status === "reused") return "This code was already used. Wait for the next one in your app.";
  return "That code is not right. Type the 6-digit code your app shows now, or a recovery code.";
}

export function lockedMessage(minutes: number): string {
  return `Too many failed attempts: locked for ${minutes} min.`;
}
