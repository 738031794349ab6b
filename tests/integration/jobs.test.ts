import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { Services } from "../../server/http/request-context";
import { KEEP_FINISHED_MS } from "../../server/jobs/housekeeping";
import { enqueueJob } from "../../server/jobs/queue";
import type { JobHandlers, PeriodicJob } from "../../server/jobs/registry";
import { CLAIM_MS, createJobRunner, FIRST_BACKOFF_MS, periodicKey, type JobRunner } from "../../server/jobs/runner";
import { createLogger } from "../../server/log";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { runJobsDue } from "../support/jobs";
import { startTestServer, type TestServer } from "../support/test-server";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
const log = createLogger("silent");
const noServices = () => ({}) as Services;
const seconds = (from: Date, count: number) => new Date(from.getTime() + count * 1_000);

/** The durable job queue (issue 19 item 2) on the store the environment names. */
describe(`job queue on ${engine}`, () => {
  let store: Store;
  let drop: () => Promise<void>;
  let databaseUrl: string | undefined;
  const runners: JobRunner[] = [];
  const extraStores: Store[] = [];

  /** A runner on the store (or another connection to the same database) with the given handlers. */
  function runner(handlers: JobHandlers, { periodic = [], on = store }: { periodic?: PeriodicJob[]; on?: Store } = {}) {
    const made = createJobRunner({ db: on.db, log, handlers, periodic, services: noServices });
    runners.push(made);
    return made;
  }

  const row = (id: number) => store.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const rowsOf = (kind: string) => store.db.selectFrom("jobs").selectAll().where("kind", "=", kind).orderBy("id").execute();

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    databaseUrl = database.url;
    store = await openStore({ databaseUrl, dataDir: await freshDataDir("jobs", databaseUrl) });
    if (databaseUrl) await migrate(store);
  });

  afterEach(async () => {
    for (const each of runners.splice(0)) await each.stop();
  });

  afterAll(async () => {
    for (const each of extraStores) await each.close();
    await store?.close();
    await drop?.();
  });

  it("runs a job once with its payload, and keeps the finished row", async () => {
    const seen: unknown[] = [];
    const jobs = runner({ "test.once": async (payload) => void seen.push(payload) });
    await enqueueJob(store.db, { kind: "test.once", payload: { accountId: 7 } });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ accountId: 7 }]);
    const [job] = await rowsOf("test.once");
    expect(job).toMatchObject({ outcome: "done", attempts: 1, locked_until: null, last_error: null });
    expect(job?.finished_at).toBeInstanceOf(Date);
  });

  it("waits for run_at: a job due later runs only once its time has come", async () => {
    let runs = 0;
    const jobs = runner({ "test.later": async () => void (runs += 1) });
    const now = new Date();
    await enqueueJob(store.db, { kind: "test.later", runAt: seconds(now, 15 * 60) });
    expect(await jobs.runDue({ now: seconds(now, 14 * 60) })).toBe(0);
    expect(await jobs.runDue({ now: seconds(now, 16 * 60) })).toBe(1);
    expect(runs).toBe(1);
  });

  it("enqueues inside a transaction: a rolled back one leaves no job", async () => {
    await store.db
      .transaction()
      .execute(async (tx) => {
        await enqueueJob(tx, { kind: "test.rolled-back" });
        throw new Error("the action failed");
      })
      .catch(() => undefined);
    expect(await rowsOf("test.rolled-back")).toEqual([]);
  });

  it("keeps one waiting job per key, and takes the key again once that job finished", async () => {
    const ran: unknown[] = [];
    const jobs = runner({ "test.batched": async (payload) => void ran.push(payload) });
    for (const message of [1, 2, 3]) await enqueueJob(store.db, { kind: "test.batched", key: "mail:42", payload: { message } });
    expect(await rowsOf("test.batched")).toHaveLength(1);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ message: 1 }]);
    await enqueueJob(store.db, { kind: "test.batched", key: "mail:42", payload: { message: 4 } });
    expect(await rowsOf("test.batched")).toHaveLength(2);
    expect(await jobs.runDue()).toBe(1);
    expect(ran).toEqual([{ message: 1 }, { message: 4 }]);
  });

  it("retries a throwing job with growing delays, then runs it to success", async () => {
    let calls = 0;
    const jobs = runner({
      "test.flaky": async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`provider down (${calls})`);
      },
    });
    const start = new Date();
    await enqueueJob(store.db, { kind: "test.flaky", runAt: start });
    const [{ id } = { id: 0 }] = await rowsOf("test.flaky");

    expect(await jobs.runDue({ now: start })).toBe(1);
    let job = await row(id);
    expect(job).toMatchObject({ attempts: 1, last_error: "provider down (1)", finished_at: null, locked_until: null });
    expect(job.run_at.getTime()).toBe(start.getTime() + FIRST_BACKOFF_MS);

    // Not before the delay.
    expect(await jobs.runDue({ now: seconds(start, 29) })).toBe(0);
    const second = seconds(start, 31);
    expect(await jobs.runDue({ now: second })).toBe(1);
    job = await row(id);
    expect(job).toMatchObject({ attempts: 2, last_error: "provider down (2)" });
    // The second delay is twice the first.
    expect(job.run_at.getTime()).toBe(second.getTime() + 2 * FIRST_BACKOFF_MS);
    expect(await jobs.runDue({ now: seconds(second, 59) })).toBe(0);

    expect(await jobs.runDue({ now: seconds(second, 61) })).toBe(1);
    expect(await row(id)).toMatchObject({ attempts: 3, outcome: "done" });
    expect(calls).toBe(3);
  });

  it("gives up after max_attempts and keeps the row with its last error", async () => {
    let calls = 0;
    const jobs = runner({
      "test.broken": async () => {
        calls += 1;
        throw new Error("always broken");
      },
    });
    const start = new Date();
    await enqueueJob(store.db, { kind: "test.broken", maxAttempts: 2, runAt: start });
    expect(await jobs.runDue({ now: start })).toBe(1);
    expect(await jobs.runDue({ now: seconds(start, 3_600) })).toBe(1);
    expect(await jobs.runDue({ now: seconds(start, 86_400) })).toBe(0);
    expect(calls).toBe(2);
    expect(await rowsOf("test.broken")).toMatchObject([{ outcome: "failed", attempts: 2, last_error: "always broken" }]);
  });

  it("fails a job of an unknown kind without stopping the others", async () => {
    let runs = 0;
    const jobs = runner({ "test.known": async () => void (runs += 1) });
    await enqueueJob(store.db, { kind: "test.nobody-handles-this" });
    await enqueueJob(store.db, { kind: "test.known" });
    expect(await jobs.runDue()).toBe(2);
    expect(runs).toBe(1);
    expect(await rowsOf("test.nobody-handles-this")).toMatchObject([{ outcome: "failed", last_error: "no handler for kind test.nobody-handles-this" }]);
  });

  it("runs a job again whose worker died: its claim expires", async () => {
    let runs = 0;
    const jobs = runner({ "test.orphaned": async () => void (runs += 1) });
    const start = new Date();
    await enqueueJob(store.db, { kind: "test.orphaned", runAt: start });
    // A worker claimed it as the runner does, then its process died.
    await store.db
      .updateTable("jobs")
      .set({ attempts: 1, locked_until: new Date(start.getTime() + CLAIM_MS) })
      .where("kind", "=", "test.orphaned")
      .execute();
    expect(await jobs.runDue({ now: seconds(start, 60) })).toBe(0);
    expect(await jobs.runDue({ now: new Date(start.getTime() + CLAIM_MS + 1_000) })).toBe(1);
    expect(runs).toBe(1);
    expect(await rowsOf("test.orphaned")).toMatchObject([{ outcome: "done", attempts: 2 }]);
  });

  it("runs each job once with two runners on one database", async () => {
    // On PostgreSQL the second runner has a connection pool of its own, as another instance would.
    const other = databaseUrl ? await openStore({ databaseUrl, dataDir: ":memory:" }) : store;
    if (other !== store) extraStores.push(other);
    const runs = new Map<number, number>();
    const handlers: JobHandlers = {
      "test.shared": async (payload) => {
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const one = runner(handlers);
    const two = runner(handlers, { on: other });
    for (let n = 0; n < 30; n += 1) await enqueueJob(store.db, { kind: "test.shared", payload: { n } });
    const [ranByOne, ranByTwo] = await Promise.all([one.runDue(), two.runDue()]);
    expect(ranByOne + ranByTwo).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(30);
    if (store.engine === "postgres") expect(Math.min(ranByOne, ranByTwo)).toBeGreaterThan(0);
  });

  it("runs a periodic job once per period across two runners", async () => {
    let runs = 0;
    const periodic = [{ kind: "test.periodic", everyMs: 3_600_000 }];
    const handlers: JobHandlers = { "test.periodic": async () => void (runs += 1) };
    const one = runner(handlers, { periodic });
    const two = runner(handlers, { periodic });
    // Every instance makes sure of the pending row at start: one row, run once at once.
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.runDue(), two.runDue()]);
    expect(runs).toBe(1);
    const pending = await store.db.selectFrom("jobs").selectAll().where("key", "=", periodicKey("test.periodic")).where("finished_at", "is", null).execute();
    expect(pending).toHaveLength(1);
    const next = pending[0]!.run_at;

    expect(await Promise.all([one.runDue({ now: seconds(next, -60) }), two.runDue({ now: seconds(next, -60) })])).toEqual([0, 0]);
    const ran = await Promise.all([one.runDue({ now: next }), two.runDue({ now: next })]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(runs).toBe(2);
    // The period starts again from that run.
    const [after] = await store.db.selectFrom("jobs").select("run_at").where("key", "=", periodicKey("test.periodic")).where("finished_at", "is", null).execute();
    expect(after?.run_at.getTime()).toBe(next.getTime() + 3_600_000);
  });

  it("stop waits for the batch under way", async () => {
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const jobs = runner({
      "test.slow": async () => {
        started();
        await new Promise((resolve) => setTimeout(resolve, 200));
        finished = true;
      },
    });
    await enqueueJob(store.db, { kind: "test.slow" });
    const run = jobs.runDue();
    await running;
    await jobs.stop();
    expect(finished).toBe(true);
    expect(await run).toBe(1);
    expect(await rowsOf("test.slow")).toMatchObject([{ outcome: "done" }]);
  });
});

/** The queue inside the app: started with the server, kept across a restart, run by tests with runJobsDue. */
describe(`jobs in the server on ${engine}`, () => {
  let server: TestServer | undefined;
  let drop: () => Promise<void>;
  let databaseUrl: string | undefined;
  let dataDir: string;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    databaseUrl = database.url;
    dataDir = await freshDataDir("jobs-server", databaseUrl);
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("keeps waiting jobs across a restart and runs them in the new instance", async () => {
    server = await startTestServer({ databaseUrl, dataDir });
    const db = () => server!.store.db;
    // The purge is a periodic job of the queue itself: every instance makes sure of its one row.
    const purgeKey = periodicKey("jobs.purge_finished");
    const pendingPurge = () => db().selectFrom("jobs").select(["id", "run_at"]).where("key", "=", purgeKey).where("finished_at", "is", null).execute();
    await expect.poll(async () => (await pendingPurge())[0]?.run_at.getTime() ?? 0, { timeout: 15_000 }).toBeGreaterThan(Date.now() + 30 * 60_000);

    // A job that finished long ago, for the next purge to remove; and one of a kind nobody handles yet.
    const longAgo = new Date(Date.now() - KEEP_FINISHED_MS - 3_600_000);
    const old = await db()
      .insertInto("jobs")
      .values({ kind: "test.ancient", finished_at: longAgo, outcome: "done", created_at: longAgo, run_at: longAgo })
      .returning("id")
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 2 * 3_600_000);
    await enqueueJob(db(), { kind: "test.after-restart", runAt: later });
    await server.stop();

    server = await startTestServer({ databaseUrl, dataDir });
    expect(await pendingPurge()).toHaveLength(1);
    expect(await db().selectFrom("jobs").select("id").where("id", "=", old.id).execute()).toHaveLength(1);
    // Two hours on: the purge's period and the waiting job have come (and other parts' periodic jobs).
    expect(await runJobsDue(server, { at: later })).toBeGreaterThanOrEqual(2);
    expect(await db().selectFrom("jobs").select("id").where("id", "=", old.id).execute()).toEqual([]);
    expect(await db().selectFrom("jobs").select(["outcome", "last_error"]).where("kind", "=", "test.after-restart").execute()).toEqual([
      { outcome: "failed", last_error: "no handler for kind test.after-restart" },
    ]);
    const [next] = await pendingPurge();
    expect(next?.run_at.getTime()).toBe(later.getTime() + 3_600_000);
  });
});
