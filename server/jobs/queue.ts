import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this time (default now). */
  runAt?: Date;
  /** While a job with this key waits or runs, enqueueing the same key again does nothing. */
  key?: string;
  /** How many times a throwing handler is tried before the job is given up (default 8). */
  maxAttempts?: number;
};

/**
 * Adds a job, inside the caller's transaction when given one (it runs only if that commits).
 * Kick services.jobs after the commit when the job is due now, so it does not wait for the next poll.
 */
export function enqueueJob(db: Kysely<Database> | Transaction<Database>, job: NewJob): Promise<void> {
  return enqueueJobs(db, [job]);
}

/** Adds several jobs in one statement, as enqueueJob adds one. */
export async function enqueueJobs(db: Kysely<Database> | Transaction<Database>, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto("jobs")
    .values(
      jobs.map((job) => ({
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? {}),
        key: job.key ?? null,
        run_at: job.runAt ?? new Date(),
        max_attempts: job.maxAttempts,
      })),
    )
    // The partial unique index holds only unfinished rows: a finished job's key may be used again.
    .onConflict((conflict) => conflict.column("key").where("finished_at", "is", null).doNothing())
    .execute();
}
