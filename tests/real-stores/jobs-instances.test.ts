import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "../../server/jobs/queue";
import { PERIODIC_JOBS } from "../../server/jobs/registry";
import { periodicKey } from "../../server/jobs/runner";
import { twoInstances } from "../support/chat-instances";
import { runJobsDue } from "../support/jobs";
import type { TestServer } from "../support/test-server";

/** Two app instances on one PostgreSQL database share the job queue: every job runs once. */
describe("the job queue across two instances", () => {
  let deployment: Awaited<ReturnType<typeof twoInstances>>;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    deployment = await twoInstances();
    [one, two] = deployment.instances;
  });

  afterAll(async () => {
    await deployment?.stop();
  });

  it("keeps one pending row per periodic job, and runs it once per period", async () => {
    const db = one.store.db;
    const pending = await db.selectFrom("jobs").select(["kind", "run_at"]).where("finished_at", "is", null).where("key", "like", "periodic:%").execute();
    expect(pending.map((job) => job.kind).sort()).toEqual(PERIODIC_JOBS.map((job) => job.kind).sort());

    const longest = Math.max(...PERIODIC_JOBS.map((job) => job.everyMs));
    const at = new Date(Date.now() + longest + 60_000);
    await Promise.all([runJobsDue(one, { at }), runJobsDue(two, { at })]);
    for (const { kind } of PERIODIC_JOBS) {
      const rows = await db.selectFrom("jobs").select(["finished_at", "run_at"]).where("key", "=", periodicKey(kind)).execute();
      // The first run (at start, or now) and exactly one next row after `at`.
      const waiting = rows.filter((row) => row.finished_at === null);
      expect(waiting, kind).toHaveLength(1);
      expect(waiting[0]!.run_at.getTime(), kind).toBeGreaterThan(at.getTime());
      const finishedAt = rows.filter((row) => row.finished_at?.getTime() === at.getTime());
      expect(finishedAt, kind).toHaveLength(1);
    }
  });

  it("runs each of many jobs once when both instances work the queue at the same time", async () => {
    const db = one.store.db;
    const at = new Date(Date.now() + 365 * 24 * 3_600_000);
    for (let n = 0; n < 40; n += 1) await enqueueJob(db, { kind: "jobs.purge_finished", payload: { n }, runAt: at });
    const ran = await Promise.all([runJobsDue(one, { at }), runJobsDue(two, { at })]);
    const rows = await db.selectFrom("jobs").select(["attempts", "outcome"]).where("kind", "=", "jobs.purge_finished").where("run_at", "=", at).execute();
    expect(rows).toHaveLength(40);
    expect(rows.every((row) => row.attempts === 1 && row.outcome === "done")).toBe(true);
    expect(ran[0]! + ran[1]!).toBeGreaterThanOrEqual(40);
  });
});
