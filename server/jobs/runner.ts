import { AsyncResource } from "node:async_hooks";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";
import type { Logger } from "../log";
import { enqueueJob, enqueueJobs } from "./queue";
import type { JobHandlers, PeriodicJob } from "./registry";

/** How often waiting jobs are looked for (retries, jobs due later, jobs another instance enqueued). */
const POLL_MS = 3_000;
/** How many jobs one claim takes: small, so a slow batch does not hold jobs another instance could run. */
const BATCH_SIZE = 5;
/**
 * How long a claim lasts. A worker that dies mid-job lets go of it after this; a handler must finish
 * well within it, or another instance may start the same job.
 */
export const CLAIM_MS = 10 * 60_000;
/** The first retry's delay; each further one doubles, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 6 * 3_600_000;
/** One runDue stops after this many claims, so a job that keeps enqueueing itself cannot spin forever. */
const MAX_CLAIMS_PER_RUN = 200;

/** The key of a periodic job's one pending row. */
export const periodicKey = (kind: string) => `periodic:${kind}`;

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

type Claimed = { id: number; kind: string; payload: Record<string, unknown>; key: string | null; attempts: number; max_attempts: number };

/**
 * Runs the jobs of the `jobs` table: every few seconds, and at once when kicked after a commit.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a claim that expires, so several instances run
 * each job once, and a job whose worker died runs again. Passes of one runner never overlap.
 */
export function createJobRunner({
  db,
  log,
  handlers,
  periodic,
  services,
}: {
  db: Kysely<Database>;
  log: Logger;
  handlers: JobHandlers;
  periodic: PeriodicJob[];
  /** What handlers get (the runner is itself one of the services, so it is read when a job runs). */
  services: () => Services;
}) {
  const everyMs = new Map(periodic.map((job) => [job.kind, job.everyMs]));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  let waiting: Promise<number> | undefined;
  // Background passes run in the runner's own async context, not in that of the request that kicked
  // it: request-scoped state (a request's log bindings, the tests' per-request query traces) stays out.
  const ownContext = new AsyncResource("amora.jobs");

  /** Runs work after every earlier pass of this runner has finished. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const result = chain.then(work);
    chain = result.catch(() => undefined);
    return result;
  }

  /**
   * One statement: the due rows are picked FOR UPDATE SKIP LOCKED in a materialized CTE (a plain
   * `id in (subquery)` may be rescanned under concurrency and claim more than the LIMIT), then claimed.
   */
  async function claim(now: Date): Promise<Claimed[]> {
    const rows = await db
      .with(
        (cte) => cte("due").materialized(),
        (query) =>
          query
            .selectFrom("jobs")
            .select("id")
            .where("finished_at", "is", null)
            .where("run_at", "<=", now)
            .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
            .orderBy("run_at")
            .orderBy("id")
            .limit(BATCH_SIZE)
            .forUpdate()
            .skipLocked(),
      )
      .updateTable("jobs")
      .set({ attempts: sql`attempts + 1`, locked_until: new Date(now.getTime() + CLAIM_MS) })
      .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
      .returning(["id", "kind", "payload", "key", "attempts", "max_attempts"])
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Marks a job finished, and gives a periodic job its next row in the same transaction. */
  async function finish(job: Claimed, now: Date, outcome: "done" | "failed", error?: string) {
    await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable("jobs")
        .set({ finished_at: now, outcome, locked_until: null, ...(error === undefined ? {} : { last_error: error }) })
        .where("id", "=", job.id)
        // Only our own claim: if it expired and another worker took the job, that worker finishes it.
        .where("attempts", "=", job.attempts)
        .where("finished_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return log.warn({ jobId: job.id, kind: job.kind }, "job finished after its claim was taken over");
      const period = everyMs.get(job.kind);
      if (period !== undefined && job.key === periodicKey(job.kind)) {
        await enqueueJob(tx, { kind: job.kind, key: job.key, runAt: new Date(now.getTime() + period) });
      }
    });
  }

  async function retryLater(job: Claimed, now: Date, error: string) {
    await db
      .updateTable("jobs")
      .set({ run_at: new Date(now.getTime() + backoffMs(job.attempts)), locked_until: null, last_error: error })
      .where("id", "=", job.id)
      .where("attempts", "=", job.attempts)
      .where("finished_at", "is", null)
      .execute();
  }

  async function runOne(job: Claimed, now: Date) {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (!handler) {
      log.error({ jobId: job.id, kind: job.kind }, "job of an unknown kind: failed");
      return finish(job, now, "failed", `no handler for kind ${job.kind}`);
    }
    if (job.attempts > job.max_attempts) {
      // Its last attempts died with their workers (claims that expired): it is not tried again.
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, "job gave up: its workers kept dying");
      return finish(job, now, "failed");
    }
    try {
      await handler(job.payload, services());
    } catch (thrown) {
      const message = (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, 1_000) || "failed";
      if (job.attempts >= job.max_attempts) {
        log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: thrown }, "job gave up");
        return finish(job, now, "failed", message);
      }
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: thrown }, "job failed; retrying later");
      return retryLater(job, now, message);
    }
    await finish(job, now, "done");
  }

  /** Claims and runs batches until nothing is due at `now`; answers how many jobs ran. */
  async function drain(now: Date): Promise<number> {
    let ran = 0;
    for (let claims = 0; claims < MAX_CLAIMS_PER_RUN && !stopped; claims += 1) {
      const batch = await claim(now);
      if (batch.length === 0) break;
      for (const job of batch) await runOne(job, now);
      ran += batch.length;
    }
    return ran;
  }

  /** A background pass at the current time; a kick while one waits to start joins it. */
  function passSoon(): Promise<number> {
    waiting ??= serial(() => {
      waiting = undefined;
      return drain(new Date());
    }).catch((error: unknown) => {
      log.error({ err: error }, "running jobs failed");
      return 0;
    });
    return waiting;
  }

  return {
    /** Runs what is due soon, in the background (after a commit that enqueued work due now). */
    kick: () => void ownContext.runInAsyncScope(passSoon),
    /**
     * Runs every job due at `now` (default: the current time), including the ones those jobs
     * enqueue, after any pass under way; answers how many ran. Tests move time with `now`.
     */
    runDue: ({ now }: { now?: Date } = {}): Promise<number> => serial(() => drain(now ?? new Date())),
    /** Gives every periodic job its pending row (once across instances: the key) and starts polling. */
    async start() {
      await enqueueJobs(db, periodic.map((job) => ({ kind: job.kind, key: periodicKey(job.kind) })));
      timer ??= setInterval(() => void passSoon(), POLL_MS);
      timer.unref();
      void passSoon();
    },
    /** Stops polling and waits for the batch under way (its jobs finish; the rest wait in the table). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await chain;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
