import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Records that the member's tab went away (POST /api/page-hidden.php): they stop counting as online. */
export async function markHidden(db: Kysely<Database>, { siteId, profileId }: { siteId: string; profileId: number }): Promise<void> {
  await db.updateTable("profiles").set({ hidden_at: new Date() }).where("id", "=", profileId).where("site_id", "=", siteId).execute();
}
