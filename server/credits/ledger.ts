import type { Kysely, Transaction } from "kysely";
import type { Database, LedgerReason } from "../db/schema";

export type CreditChange = {
  siteId: string;
  accountId: number;
  delta: number;
  reason: LedgerReason;
  /** Unique per account: the same key twice changes the balance once (client message id, payment id). */
  idempotencyKey: string;
};

export type CreditResult = { status: "applied" | "duplicate"; balance: number } | { status: "insufficient"; balance: number };

/**
 * Moves credits through the append-only ledger, inside the caller's transaction. The account row is
 * locked first, so concurrent changes of one balance queue up; a repeated key changes nothing (and
 * answers "duplicate" even when the balance could no longer pay for it); the balance never goes below zero. The sum of an account's rows always equals its balance.
 */
export async function changeCredits(tx: Transaction<Database> | Kysely<Database>, change: CreditChange): Promise<CreditResult> {
  const account = await tx
    .selectFrom("accounts")
    .select("credits")
    .where("id", "=", change.accountId)
    .where("site_id", "=", change.siteId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const seen = await tx
    .selectFrom("credit_ledger")
    .select("id")
    .where("account_id", "=", change.accountId)
    .where("idempotency_key", "=", change.idempotencyKey)
    .executeTakeFirst();
  if (seen) return { status: "duplicate", balance: account.credits };
  const balance = account.credits + change.delta;
  if (balance < 0) return { status: "insufficient", balance: account.credits };

  const row = await tx
    .insertInto("credit_ledger")
    .values({
      account_id: change.accountId,
      site_id: change.siteId,
      delta: change.delta,
      balance_after: balance,
      reason: change.reason,
      idempotency_key: change.idempotencyKey,
    })
    .onConflict((conflict) => conflict.columns(["account_id", "idempotency_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return { status: "duplicate", balance: account.credits };

  await tx.updateTable("accounts").set({ credits: balance }).where("id", "=", change.accountId).execute();
  return { status: "applied", balance };
}
