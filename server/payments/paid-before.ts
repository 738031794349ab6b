import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Whether the member ever completed a payment on this brand: then the shop offers to repeat the
 * last order. A payment refunded or charged back since was still paid once, but it is not an
 * order to repeat, so only rows that are paid now count.
 */
export async function hasPaidBefore(db: Kysely<Database>, { siteId, accountId }: { siteId: string; accountId: number }): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("id")
    .where("site_id", "=", siteId)
    .where("account_id", "=", accountId)
    .where("status", "=", "paid")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
