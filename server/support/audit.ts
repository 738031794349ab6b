import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/** Who did it and from where: the signed-in staff member, or the server's command line (staffId null). */
export type Actor = { staffId: number | null; ip: string };

export type AuditEntry = {
  /** A dotted name: "member.view", "credits.adjust", "photo.reject", … */
  action: string;
  siteId?: string | null;
  accountId?: number | null;
  /** What a reader of the trail needs to know: amounts, reasons, ids. Never a password or a code. */
  detail?: Record<string, unknown>;
};

/**
 * Appends one row to the audit trail. Give it the transaction of the action it records, so the
 * action and its row are written together or not at all; the table refuses updates and deletes.
 */
export async function recordAudit(db: Transaction<Database> | Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("staff_audit")
    .values({
      staff_id: actor.staffId,
      action: entry.action,
      site_id: entry.siteId ?? null,
      account_id: entry.accountId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: actor.ip,
    })
    .execute();
}

export type AuditRow = { id: number; staffEmail: string | null; action: string; siteId: string | null; accountId: number | null; detail: Record<string, unknown>; ip: string; at: Date };

/** The newest rows first, for one member or one staff account. */
export async function auditTrail(db: Kysely<Database>, of: { accountId: number } | { staffId: number }, limit = 100): Promise<AuditRow[]> {
  let query = db
    .selectFrom("staff_audit")
    .leftJoin("staff_accounts", "staff_accounts.id", "staff_audit.staff_id")
    .select([
      "staff_audit.id",
      "staff_accounts.email as staffEmail",
      "staff_audit.action",
      "staff_audit.site_id as siteId",
      "staff_audit.account_id as accountId",
      "staff_audit.detail",
      "staff_audit.ip",
      "staff_audit.at",
    ])
    .orderBy("staff_audit.id", "desc")
    .limit(limit);
  query = "accountId" in of ? query.where("staff_audit.account_id", "=", of.accountId) : query.where("staff_audit.staff_id", "=", of.staffId);
  return query.execute();
}
