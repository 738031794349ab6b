import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection } from "kysely";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createLanderVisitCounter } from "../../server/analytics/lander-visit-counter";
import type { Database } from "../../server/db/schema";

/** A database that is down until told otherwise, and keeps the statements it took. */
class FlakyDriver extends DummyDriver {
  down = true;
  readonly taken: CompiledQuery[] = [];

  override async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async (query) => {
        if (this.down) throw new Error("connection refused");
        this.taken.push(query);
        return { rows: [] };
      },
      streamQuery: () => {
        throw new Error("not used");
      },
    };
  }
}

function counterOnFlakyDatabase() {
  const driver = new FlakyDriver();
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const warnings: string[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => void warnings.push((JSON.parse(line) as { msg: string }).msg) });
  return { driver, counter: createLanderVisitCounter({ db, log }), warnings };
}

const at = new Date("2026-11-25T10:00:00Z");
const gallery = { design: "gallery", slug: "nl" };

describe("the lander visit counter", () => {
  it("writes each day, lander and source once per flush with its visits added up", async () => {
    const { driver, counter } = counterOnFlakyDatabase();
    driver.down = false;
    for (let visit = 0; visit < 3; visit += 1) counter.count({ siteId: "flirt-nl", lander: gallery, network: "adnet", at });
    counter.count({ siteId: "flirt-nl", lander: gallery, network: undefined, at });
    await counter.flush();
    expect(driver.taken).toHaveLength(1);
    expect(driver.taken[0]!.sql).toMatch(/on conflict \("site_id", "day", "design", "slug", "network"\) do update set "visits" = lander_visits.visits \+ excluded.visits/);
    expect(driver.taken[0]!.parameters).toEqual(["flirt-nl", "2026-11-25", "gallery", "nl", "adnet", 3, "flirt-nl", "2026-11-25", "gallery", "nl", "", 1]);
    // Nothing new: nothing written.
    await counter.flush();
    expect(driver.taken).toHaveLength(1);
  });

  it("keeps the counts of a failed write for the next one, and writes what is left when it stops", async () => {
    const { driver, counter, warnings } = counterOnFlakyDatabase();
    counter.count({ siteId: "flirt-nl", lander: gallery, network: "adnet", at });
    await counter.flush();
    expect(warnings).toEqual(["writing lander visits failed"]);
    driver.down = false;
    counter.count({ siteId: "flirt-nl", lander: gallery, network: "adnet", at });
    await counter.stop();
    expect(driver.taken.map((query) => query.parameters.at(-1))).toEqual([2]);
  });
});
