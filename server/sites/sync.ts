import { sql } from "kysely";
import type { Store } from "../db/database";
import type { Site } from "./schema";

/** Mirrors the brands into the sites table, which every brand-owned row references. */
export async function syncSites(store: Store, sites: readonly Site[]): Promise<void> {
  if (sites.length === 0) return;
  await store.db.transaction().execute(async (tx) => {
    const before = new Map((await tx.selectFrom("sites").select(["id", "pool"]).execute()).map((row) => [row.id, row.pool]));
    await tx
      .insertInto("sites")
      .values(sites.map((site) => ({ id: site.id, pool: site.pool, name: site.name })))
      .onConflict((conflict) =>
        conflict.column("id").doUpdateSet({
          pool: (eb) => eb.ref("excluded.pool"),
          name: (eb) => eb.ref("excluded.name"),
          updated_at: sql<Date>`now()`,
        }),
      )
      .execute();
    // A brand moved to another pool takes its profiles along; no other profile is read or written.
    for (const site of sites) {
      const pool = before.get(site.id);
      if (pool !== undefined && pool !== site.pool) await tx.updateTable("profiles").set({ pool: site.pool }).where("site_id", "=", site.id).execute();
    }
  });
}
