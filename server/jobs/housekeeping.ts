import type { JobHandlers, PeriodicJob } from "./registry";

/** Finished jobs are kept this long (support and tests look at them), then purged. */
export const KEEP_FINISHED_MS = 3 * 24 * 3_600_000;

const PURGE_KIND = "jobs.purge_finished";

export const queueJobs: JobHandlers = {
  [PURGE_KIND]: async (_payload, services) => {
    await services.store.db
      .deleteFrom("jobs")
      .where("finished_at", "<", new Date(Date.now() - KEEP_FINISHED_MS))
      .execute();
  },
};

export const queuePeriodicJobs: PeriodicJob[] = [{ kind: PURGE_KIND, everyMs: 3_600_000 }];
