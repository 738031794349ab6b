import type { Services } from "../http/request-context";
import { queueJobs, queuePeriodicJobs } from "./housekeeping";
import { deletionJobs, deletionPeriodicJobs } from "../accounts/erasure";
import { notificationJobs } from "../notifications/jobs";
import { mailJobs, mailPeriodicJobs } from "../notifications/mail-jobs";

/** Runs one job. It must be idempotent: after a crash it may run again. Throwing retries it later. */
export type JobHandler = (payload: Record<string, unknown>, services: Services) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;
/** Jobs that run by themselves every `everyMs` (once across all instances). */
export type PeriodicJob = { kind: string; everyMs: number };

// Each part adds its handlers and periodic jobs here: one import line and one spread line.
export const JOB_HANDLERS: JobHandlers = {
  ...queueJobs,
  ...deletionJobs,
  ...notificationJobs,
  ...mailJobs,
};

export const PERIODIC_JOBS: PeriodicJob[] = [
  ...queuePeriodicJobs,
  ...deletionPeriodicJobs,
  ...mailPeriodicJobs,
];
