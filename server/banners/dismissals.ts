import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The banners a member dismissed, by name, with when (ISO time): app/lib/banners.ts decides how long that holds. */
export async function dismissedBanners(db: Kysely<Database>, accountId: number): Promise<Record<string, string>> {
  const rows = await db.selectFrom("banner_dismissals").select(["banner", "dismissed_at"]).where("account_id", "=", accountId).execute();
  return Object.fromEntries(rows.map((row) => [row.banner, new Date(row.dismissed_at).toISOString()]));
}

/** Records that a member dismissed a banner now; dismissing again restarts its time. */
export async function dismissBanner(db: Kysely<Database>, { accountId, banner }: { accountId: number; banner: string }): Promise<void> {
  await db
    .insertInto("banner_dismissals")
    .values({ account_id: accountId, banner, dismissed_at: new Date() })
    .onConflict((conflict) => conflict.columns(["account_id", "banner"]).doUpdateSet({ dismissed_at: new Date() }))
    .execute();
}
