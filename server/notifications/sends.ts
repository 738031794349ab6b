import type { Transaction } from "kysely";
import type { Database } from "../db/schema";

/**
 * Records, in the transaction that queues the mail, that this member gets the mail about this thing;
 * false when they already did (nothing is queued then). A job run twice, or after a crash, sends once.
 */
export async function claimSend(
  tx: Transaction<Database>,
  { siteId, accountId, kind, about }: { siteId: string; accountId: number; kind: string; about: string },
): Promise<boolean> {
  const row = await tx
    .insertInto("notification_sends")
    .values({ site_id: siteId, account_id: accountId, kind, about })
    .onConflict((conflict) => conflict.columns(["account_id", "kind", "about"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
