import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { resubscribeEmail } from "../notifications/unsubscribe";

/**
 * Turns a member's e-mail notifications on again after a bounce, spam report or list-unsubscribe
 * disabled them (§4 "Other states"): the member asked for it, so every reason is cleared, and the
 * kinds they turned off with unsubscribe links are on again. One transaction: all of it or none.
 */
export async function enableEmailNotifications(db: Kysely<Database>, { siteId, accountId }: { siteId: string; accountId: number }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable("accounts").set({ notifications_disabled: [] }).where("id", "=", accountId).where("site_id", "=", siteId).execute();
    await resubscribeEmail(tx, { siteId, accountId });
  });
}
