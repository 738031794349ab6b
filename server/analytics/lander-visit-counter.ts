import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../log";
import { periodicFlush } from "../periodic-flush";
import type { Lander } from "./lander-visits";

/** How often the visits counted in memory are added to lander_visits, in one statement. */
const FLUSH_MS = 10_000;
/**
 * Distinct counts kept between writes. The traffic source comes from the visitor's query, so an
 * attacker can make many: past this, a write is started at once, and counts that could not be
 * written are dropped rather than kept growing.
 */
const MOST_PENDING = 5_000;

type Key = { siteId: string; day: string; design: string; slug: string; network: string };

/**
 * Counts lander visits per day, design, slug and traffic source. A visit is counted in memory and
 * written with the others of its key every few seconds: a popular lander is one row updated once
 * per flush, not a row lock per visitor. A crash loses at most the last few seconds of counts.
 */
export function createLanderVisitCounter({ db, log }: { db: Kysely<Database>; log: Logger }) {
  const pending = new Map<string, { key: Key; visits: number }>();

  function add(key: Key, visits: number): boolean {
    const id = JSON.stringify([key.siteId, key.day, key.design, key.slug, key.network]);
    const counted = pending.get(id);
    if (counted) counted.visits += visits;
    else if (pending.size < MOST_PENDING) pending.set(id, { key, visits });
    else return false;
    return true;
  }

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending.clear();
    try {
      await db
        .insertInto("lander_visits")
        .values(batch.map(({ key, visits }) => ({ site_id: key.siteId, day: key.day, design: key.design, slug: key.slug, network: key.network, visits })))
        .onConflict((conflict) => conflict.columns(["site_id", "day", "design", "slug", "network"]).doUpdateSet({ visits: sql`lander_visits.visits + excluded.visits` }))
        .execute();
    } catch (error) {
      // Kept for the next write, as far as there is room; the rest is a gap in the numbers, said here.
      const dropped = batch.filter(({ key, visits }) => !add(key, visits)).length;
      log.warn({ err: error, dropped }, "writing lander visits failed");
    }
  }

  const writes = periodicFlush(write, FLUSH_MS);
  return {
    /** One visit of a lander; the source is the tracking query's network (§3), if any. */
    count({ siteId, lander, network, at = new Date() }: { siteId: string; lander: Lander; network: string | undefined; at?: Date }): void {
      const key = { siteId, day: at.toISOString().slice(0, 10), design: lander.design, slug: lander.slug, network: network ?? "" };
      if (add(key, 1)) return;
      // Full: a write takes what waits (at once, unless one is under way), then there is room.
      void writes.flush();
      if (!add(key, 1)) log.warn({ siteId }, "too many distinct lander counts waiting: one visit not counted");
    },
    ...writes,
  };
}

export type LanderVisitCounter = ReturnType<typeof createLanderVisitCounter>;
