import { sql } from "kysely";
import type { Store } from "../db/database";
import type { Site } from "./schema";

/** Mirrors the brands into the sites table, which every brand-owned row references. */
export async function syncSites(store: Store, sites: readonly Site[]): Promise<void> {
  if (sites.length === 0) return;
  await store.db
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
  // A brand moved to another pool takes its profiles along.
  await store.db
    .updateTable("profiles")
    .set({ pool: sql<string>`sites.pool` })
    .from("sites")
    .whereRef("sites.id", "=", "profiles.site_id")
    .whereRef("profiles.pool", "<>", "sites.pool")
    .execute();
}
