import { sql } from "kysely";
import type { Store } from "../db/database";
import type { Site } from "./schema";

/** Rows per statement: three parameters a brand keeps thousands of brands under PostgreSQL's limit. */
const CHUNK = 1_000;

/**
 * Mirrors the given brands (all at start, the changed ones after an edit) into the sites table,
 * which every brand-owned row references. No other brand's row is read or written.
 */
export async function syncSites(store: Store, sites: readonly Site[]): Promise<void> {
  if (sites.length === 0) return;
  await store.db.transaction().execute(async (tx) => {
    for (let i = 0; i < sites.length; i += CHUNK) {
      const chunk = sites.slice(i, i + CHUNK);
      const ids = chunk.map((site) => site.id);
      const before = new Map((await tx.selectFrom("sites").select(["id", "pool"]).where("id", "in", ids).execute()).map((row) => [row.id, row.pool]));
      await tx
        .insertInto("sites")
        .values(chunk.map((site) => ({ id: site.id, pool: site.pool, name: site.name })))
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet({
            pool: (eb) => eb.ref("excluded.pool"),
            name: (eb) => eb.ref("excluded.name"),
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
      // A brand moved to another pool takes its profiles along; no other profile is read or written.
      for (const site of chunk) {
        const pool = before.get(site.id);
        if (pool !== undefined && pool !== site.pool) await tx.updateTable("profiles").set({ pool: site.pool }).where("site_id", "=", site.id).execute();
      }
    }
  });
}
