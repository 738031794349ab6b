import { randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { hashToken } from "../accounts/tokens";
import type { Database } from "../db/schema";
import { recordAudit, type Actor } from "./audit";

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits that no one mistakes for another (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUPS = 3;
const GROUP_LENGTH = 4;

type Db = Kysely<Database> | Transaction<Database>;

/** One code, such as "k7pw-3mza-qh9e": about 59 random bits. */
function recoveryCode(): string {
  const groups = Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""));
  return groups.join("-");
}

/**
 * The form a typed code is compared in: case, spaces and dashes as the person typed them do not
 * matter. Undefined when it cannot be a recovery code at all.
 */
export function normalizeRecoveryCode(typed: string): string | undefined {
  const compact = typed.toLowerCase().replace(/[\s-]/g, "");
  if (compact.length !== GROUPS * GROUP_LENGTH || [...compact].some((char) => !ALPHABET.includes(char))) return undefined;
  return compact.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
}

/**
 * Replaces every recovery code of the account with ten new ones and answers them: the only time
 * they exist in clear. Only their SHA-256 is kept: they are random, so no slow hash is needed.
 */
export async function replaceRecoveryCodes(db: Db, staffId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(recoveryCode());
  await db.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
  await db
    .insertInto("staff_recovery_codes")
    .values([...codes].map((code) => ({ staff_id: staffId, code_hash: hashToken(code) })))
    .execute();
  return [...codes];
}

/** New codes on the account page, the old ones void: the change and its audit row in one transaction. */
export async function regenerateRecoveryCodes(db: Kysely<Database>, { staffId, actor }: { staffId: number; actor: Actor }): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, staffId);
    await recordAudit(tx, actor, { action: "staff.recovery-codes.regenerate", detail: { count: codes.length } });
    return codes;
  });
}

/** Spends a code: true once for each code, false for a wrong or spent one (one statement, so two tries cannot both win). */
export async function spendRecoveryCode(db: Db, { staffId, code }: { staffId: number; code: string }): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return false;
  const spent = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: new Date() })
    .where("staff_id", "=", staffId)
    .where("code_hash", "=", hashToken(normalized))
    .where("used_at", "is", null)
    .returning("staff_id")
    .executeTakeFirst();
  return spent !== undefined;
}

/** How many codes are left unused, for the account page. */
export async function unusedRecoveryCodes(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
