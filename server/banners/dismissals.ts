import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The banners a member dismissed, by name, with when (ISO time): app/lib/banners.ts decides how long that holds. */
export async function dismissedBanners(db: Kysely<Database>, accountId: number): Promise<Record<string, string>> {
  const row = await dismissalsQuery(db, accountId).executeTakeFirstOrThrow();
  return dismissalsByBanner(row.dismissals);
}

/** The query of dismissedBanners (one row, an object of times by banner), to read along with other data in one round trip. */
export function dismissalsQuery(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom("banner_dismissals")
    .select(sql<Record<string, string> | null>`json_object_agg(banner, dismissed_at)`.as("dismissals"))
    .where("account_id", "=", accountId);
}

/** What dismissalsQuery read, as dismissedBanners answers it (JavaScript's ISO times). */
export function dismissalsByBanner(dismissals: Record<string, string> | null): Record<string, string> {
  return Object.fromEntries(Object.entries(dismissals ?? {}).map(([banner, at]) => [banner, new Date(at).toISOString()]));
}

/** Records that a member dismissed a banner now; dismissing again restarts its time. */
export async function dismissBanner(db: Kysely<Database>, { accountId, banner }: { accountId: number; banner: string }): Promise<void> {
  await db
    .insertInto("banner_dismissals")
    .values({ account_id: accountId, banner, dismissed_at: new Date() })
    .onConflict((conflict) => conflict.columns(["account_id", "banner"]).doUpdateSet({ dismissed_at: new Date() }))
    .execute();
}
