import type { Selectable, Transaction } from "kysely";
import { changeCredits } from "../credits/ledger";
import type { Database, PaymentsTable } from "../db/schema";

export type TakeBack = { taken: number; notTaken: number };

/**
 * Takes a refunded or charged-back payment's credits back through the ledger, inside the caller's
 * transaction: what is left of them after an earlier take-back, but never more than the balance
 * (credits already spent on messages stay spent). The payment row records both figures, so
 * support sees what the member kept. A chargeback after a refund takes what the refund could not.
 * A refund of part of the amount takes back that part of the credits.
 */
export async function takeBackCredits(
  tx: Transaction<Database>,
  payment: Pick<Selectable<PaymentsTable>, "id" | "site_id" | "account_id" | "credits" | "credits_taken_back" | "amount">,
  kind: "refund" | "chargeback",
  amount = payment.amount,
): Promise<TakeBack> {
  const due = Math.round((payment.credits * Math.min(amount, payment.amount)) / payment.amount);
  const remaining = Math.max(0, due - payment.credits_taken_back);
  const account = await tx.selectFrom("accounts").select("credits").where("id", "=", payment.account_id).forUpdate().executeTakeFirstOrThrow();
  const take = Math.max(0, Math.min(remaining, account.credits));
  let taken = 0;
  if (take > 0) {
    const change = await changeCredits(tx, {
      siteId: payment.site_id,
      accountId: payment.account_id,
      delta: -take,
      reason: kind,
      idempotencyKey: `${kind}:${payment.id}`,
    });
    // The payment row is locked and its status moved once, so the key is new; "duplicate" would mean it was taken already.
    if (change.status === "applied") taken = take;
  }
  const totalTaken = payment.credits_taken_back + taken;
  await tx
    .updateTable("payments")
    .set({ credits_taken_back: totalTaken, credits_not_taken_back: payment.credits - totalTaken })
    .where("id", "=", payment.id)
    .execute();
  return { taken: totalTaken, notTaken: payment.credits - totalTaken };
}
