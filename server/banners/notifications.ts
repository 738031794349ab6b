import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Turns a member's e-mail notifications on again after a bounce, spam report or list-unsubscribe
 * disabled them (§4 "Other states"): the member asked for it, so every reason is cleared.
 */
export async function enableEmailNotifications(db: Kysely<Database>, { siteId, accountId }: { siteId: string; accountId: number }): Promise<void> {
  await db.updateTable("accounts").set({ notifications_disabled: [] }).where("id", "=", accountId).where("site_id", "=", siteId).execute();
}
