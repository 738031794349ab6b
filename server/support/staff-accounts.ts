import type { Kysely } from "kysely";
import { normalizeEmail } from "../accounts/email-address";
import { hashPassword } from "../accounts/passwords";
import { hashToken, randomToken } from "../accounts/tokens";
import type { Database } from "../db/schema";
import { recordAudit, type Actor } from "./audit";
import { replaceRecoveryCodes } from "./recovery-codes";
import type { StaffRole } from "./roles";
import { randomTotpSecret, totpStep } from "./totp";

/** A set-up link is good for three days: time to get to it, not long enough to lie around. */
export const SETUP_TOKEN_MS = 72 * 60 * 60 * 1000;

type Db = Kysely<Database>;

export type StaffAccountSummary = { id: number; email: string; role: StaffRole; createdAt: Date; disabledAt: Date | null; setUp: boolean };

/** Staff addresses are stored and matched trimmed and in lower case, like members'. */
export const normalizeStaffEmail = normalizeEmail;

export function isStaffEmail(email: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) && email.length <= 254;
}

/**
 * Creates an account (no password, no factor yet) and its one-time set-up link's token, answered
 * in clear this once; only its hash is kept.
 */
export async function createStaffAccount(
  db: Db,
  { email, role, actor, now = new Date() }: { email: string; role: StaffRole; actor: Actor; now?: Date },
): Promise<{ status: "created"; staffId: number; email: string; token: string } | { status: "exists"; email: string }> {
  const address = normalizeStaffEmail(email);
  return db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom("staff_accounts").select("id").where("email", "=", address).executeTakeFirst();
    if (existing) return { status: "exists" as const, email: address };
    const { id } = await tx.insertInto("staff_accounts").values({ email: address, role }).returning("id").executeTakeFirstOrThrow();
    const token = await insertSetupToken(tx, { staffId: id, now });
    await recordAudit(tx, actor, { action: "staff.create", detail: { staffId: id, email: address, role } });
    return { status: "created" as const, staffId: id, email: address, token };
  });
}

async function insertSetupToken(db: Db, { staffId, now }: { staffId: number; now: Date }): Promise<string> {
  const token = randomToken();
  await db
    .insertInto("staff_tokens")
    .values({ token_hash: hashToken(token), staff_id: staffId, purpose: "setup", totp_secret: randomTotpSecret(), created_at: now, expires_at: new Date(now.getTime() + SETUP_TOKEN_MS), used_at: null })
    .execute();
  return token;
}

/**
 * Disables an account: it can no longer sign in, and every session it has ends now, in the same
 * transaction as the change and its audit row.
 */
export async function disableStaffAccount(
  db: Db,
  { email, actor, now = new Date() }: { email: string; actor: Actor; now?: Date },
): Promise<{ status: "disabled"; staffId: number } | { status: "unknown" } | { status: "already-disabled"; staffId: number }> {
  const address = normalizeStaffEmail(email);
  return db.transaction().execute(async (tx) => {
    const account = await tx.selectFrom("staff_accounts").select(["id", "disabled_at"]).where("email", "=", address).forUpdate().executeTakeFirst();
    if (!account) return { status: "unknown" as const };
    if (account.disabled_at) return { status: "already-disabled" as const, staffId: account.id };
    await tx.updateTable("staff_accounts").set({ disabled_at: now }).where("id", "=", account.id).execute();
    await tx.deleteFrom("staff_sessions").where("staff_id", "=", account.id).execute();
    await tx.deleteFrom("staff_tokens").where("staff_id", "=", account.id).where("used_at", "is", null).execute();
    await recordAudit(tx, actor, { action: "staff.disable", detail: { staffId: account.id, email: address } });
    return { status: "disabled" as const, staffId: account.id };
  });
}

export async function listStaffAccounts(db: Db): Promise<StaffAccountSummary[]> {
  const rows = await db.selectFrom("staff_accounts").select(["id", "email", "role", "created_at", "disabled_at", "password_hash"]).orderBy("email").execute();
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.role, createdAt: row.created_at, disabledAt: row.disabled_at, setUp: row.password_hash !== null }));
}

/** The account a set-up link is for, while the link is unused, unexpired and the account enabled. */
export async function findSetupToken(
  db: Db,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<{ staffId: number; email: string; role: StaffRole; totpSecret: string } | undefined> {
  if (token.length === 0 || token.length > 100) return undefined;
  const row = await db
    .selectFrom("staff_tokens")
    .innerJoin("staff_accounts", "staff_accounts.id", "staff_tokens.staff_id")
    .select(["staff_accounts.id", "staff_accounts.email", "staff_accounts.role", "staff_tokens.totp_secret"])
    .where("staff_tokens.token_hash", "=", hashToken(token))
    .where("staff_tokens.purpose", "=", "setup")
    .where("staff_tokens.used_at", "is", null)
    .where("staff_tokens.expires_at", ">", now)
    .where("staff_accounts.disabled_at", "is", null)
    .executeTakeFirst();
  return row ? { staffId: row.id, email: row.email, role: row.role, totpSecret: row.totp_secret } : undefined;
}

export type SetupResult = { status: "done"; staffId: number; recoveryCodes: string[] } | { status: "invalid-token" } | { status: "wrong-code" };

/**
 * Spends a set-up link: the password, the link's authenticator secret (proved by a code of it,
 * which is then used up) and ten recovery codes, all in one transaction with its audit row. The
 * spent link keeps no secret, and a second attempt with it, even at the same moment, finds it spent.
 */
export async function completeSetup(
  db: Db,
  { token, password, code, ip, now = new Date() }: { token: string; password: string; code: string; ip: string; now?: Date },
): Promise<SetupResult> {
  const offered = await findSetupToken(db, { token, now });
  if (!offered) return { status: "invalid-token" };
  const totpSecret = offered.totpSecret;
  const step = totpStep({ secret: totpSecret, code, now: now.getTime() });
  // The slow hash before the transaction: nothing is held while argon2 works.
  const passwordHash = step === undefined ? undefined : await hashPassword(password);
  return db.transaction().execute(async (tx): Promise<SetupResult> => {
    const link = await tx
      .selectFrom("staff_tokens")
      .innerJoin("staff_accounts", "staff_accounts.id", "staff_tokens.staff_id")
      .select(["staff_tokens.token_hash", "staff_tokens.totp_secret", "staff_accounts.id"])
      .where("staff_tokens.token_hash", "=", hashToken(token))
      .where("staff_tokens.purpose", "=", "setup")
      .where("staff_tokens.used_at", "is", null)
      .where("staff_tokens.expires_at", ">", now)
      .where("staff_accounts.disabled_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!link || link.totp_secret !== totpSecret) return { status: "invalid-token" };
    if (step === undefined || passwordHash === undefined) return { status: "wrong-code" };
    const spent = await tx.updateTable("staff_tokens").set({ used_at: now, totp_secret: "" }).where("token_hash", "=", link.token_hash).where("used_at", "is", null).returning("token_hash").executeTakeFirst();
    if (!spent) return { status: "invalid-token" };
    await tx.updateTable("staff_accounts").set({ password_hash: passwordHash, totp_secret: totpSecret, totp_last_step: step }).where("id", "=", link.id).execute();
    const recoveryCodes = await replaceRecoveryCodes(tx, link.id);
    await recordAudit(tx, { staffId: link.id, ip }, { action: "staff.setup", detail: { factor: "totp", recoveryCodes: recoveryCodes.length } });
    return { status: "done", staffId: link.id, recoveryCodes };
  });
}
