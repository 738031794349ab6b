import { sql, type Kysely, type QueryCreator, type Transaction } from "kysely";
import type { Database, LedgerReason } from "../db/schema";
import { ledgerWrites } from "../metrics/registry";

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
 * locked first, in its own statement, so concurrent changes of one balance queue up and the next
 * statement reads the balance after the wait. The row and the new balance are then written in one
 * statement: a repeated key changes nothing (and answers "duplicate" even when the balance could no
 * longer pay for it); the balance never goes below zero. The sum of an account's rows always equals its balance.
 */
export async function changeCredits(tx: Transaction<Database> | Kysely<Database>, change: CreditChange): Promise<CreditResult> {
  const { siteId, accountId, delta, idempotencyKey } = change;
  const account = await tx.selectFrom("accounts").select("credits").where("id", "=", accountId).where("site_id", "=", siteId).forUpdate().executeTakeFirstOrThrow();
  if (account.credits + delta >= 0) {
    const applied = await withCreditChange(tx, change, account.credits)
      .selectNoFrom(sql<number | null>`(select credits from charged)`.as("credits"))
      .executeTakeFirstOrThrow();
    if (applied.credits !== null) {
      countLedgerWrite(change);
      return { status: "applied", balance: applied.credits };
    }
  }
  const seen = await tx.selectFrom("credit_ledger").select("id").where("account_id", "=", accountId).where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
  return seen ? { status: "duplicate", balance: account.credits } : { status: "insufficient", balance: account.credits };
}

/**
 * The ledger row and the new balance of one change, as two common table expressions that open the
 * caller's statement, so a charge can go out in the same round trip as what it pays for. The caller
 * holds the account row's lock (SELECT ... FOR UPDATE in this transaction) and passes the balance
 * it read under it. `charged` (credits) has one row when the change applied and none when the key
 * was used before; statements after it refer to it by name, in SQL (the type forgets the two names,
 * so a statement with a charge and one without are built by the same code).
 */
export function withCreditChange(db: QueryCreator<Database>, { siteId, accountId, delta, reason, idempotencyKey }: CreditChange, lockedBalance: number): QueryCreator<Database> {
  const withCharge = db
    .with("entry", (db) =>
      db
        .insertInto("credit_ledger")
        .values({ account_id: accountId, site_id: siteId, delta, balance_after: lockedBalance + delta, reason, idempotency_key: idempotencyKey })
        .onConflict((conflict) => conflict.columns(["account_id", "idempotency_key"]).doNothing())
        .returning("balance_after"),
    )
    .with("charged", (db) =>
      db
        .updateTable("accounts")
        .from("entry")
        .set((eb) => ({ credits: eb.ref("entry.balance_after") }))
        .where("accounts.id", "=", accountId)
        .returning("accounts.credits"),
    );
  return withCharge as unknown as QueryCreator<Database>;
}

/** Counts a ledger row the caller's statement wrote (for the metrics; it commits with that statement's transaction). */
export function countLedgerWrite({ siteId, reason }: Pick<CreditChange, "siteId" | "reason">): void {
  ledgerWrites.inc({ brand: siteId, reason });
}

/** Accounts whose balance is not the sum of their ledger rows: none, unless something went around the ledger. */
export async function balancesOffLedger(db: Kysely<Database>): Promise<{ id: number; credits: number; ledgerSum: number }[]> {
  const rows = await db
    .selectFrom("accounts")
    .leftJoin("credit_ledger", "credit_ledger.account_id", "accounts.id")
    .select((eb) => ["accounts.id", "accounts.credits", eb.fn.coalesce(eb.fn.sum<number>("credit_ledger.delta"), eb.lit(0)).as("ledgerSum")])
    .groupBy(["accounts.id", "accounts.credits"])
    .having((eb) => eb(eb.fn.coalesce(eb.fn.sum<number>("credit_ledger.delta"), eb.lit(0)), "!=", eb.ref("accounts.credits")))
    .execute();
  return rows.map((row) => ({ id: row.id, credits: row.credits, ledgerSum: Number(row.ledgerSum) }));
}
