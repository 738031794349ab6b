-- The durable job queue (issue 19; docs/decisions/036-job-queue.md): everything that happens later
-- (notification mail, reminders, erasure after the grace period). Claimed with FOR UPDATE SKIP LOCKED,
-- so several instances never run one job at the same time.
create table jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null default '{}',
  -- While a job with this key waits or runs, enqueueing the same key again does nothing (batching,
  -- and the one pending row of each periodic job).
  key text,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 8 check (max_attempts > 0),
  -- A claim expires: the job of a worker that died runs again after this.
  locked_until timestamptz,
  last_error text,
  finished_at timestamptz,
  -- 'done', or 'failed' when it gave up after max_attempts (or its kind has no handler).
  outcome text check (outcome in ('done', 'failed')),
  created_at timestamptz not null default now(),
  check ((finished_at is null) = (outcome is null))
);

create unique index jobs_pending_key on jobs (key) where finished_at is null;
-- What the runner claims: waiting jobs by due time.
create index jobs_due on jobs (run_at) where finished_at is null;
-- What the purge deletes: finished rows are kept a few days, so support and tests can see them.
create index jobs_finished on jobs (finished_at) where finished_at is not null;
