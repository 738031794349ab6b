import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * One payment of a member as the return page follows it, with their balance and premium: only the
 * member's own payment on this brand; anything else reads as missing.
 */
export async function memberPayment(db: Kysely<Database>, { siteId, accountId, paymentId }: { siteId: string; accountId: number; paymentId: number }) {
  const row = await db
    .selectFrom("payments")
    .innerJoin("accounts", "accounts.id", "payments.account_id")
    .select([
      "payments.id",
      "payments.status",
      "payments.credits",
      "payments.amount",
      "payments.currency",
      "payments.method",
      "payments.package",
      "accounts.credits as balance",
      "accounts.paid_user",
    ])
    .where("payments.id", "=", paymentId)
    .where("payments.account_id", "=", accountId)
    .where("payments.site_id", "=", siteId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { balance, paid_user, ...payment } = row;
  return { payment, user: { credits: balance, paid_user } };
}
