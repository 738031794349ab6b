import { sql, type Kysely } from "kysely";
import { Gauge, Registry } from "prom-client";
import type { LiveHub } from "../chat/live";
import type { Database } from "../db/schema";
import type { Logger } from "../log";
import { MAX_ATTEMPTS } from "../mail/outbox";

type GaugeSources = { db: Kysely<Database>; live: Pick<LiveHub, "tabCount">; log: Logger };

/**
 * What one instance reads when Prometheus scrapes it, never per request: the event streams it
 * holds, and from the store (one query each) the job queue's and the mail outbox's backlog and the
 * payments by state and brand. A query that fails leaves the last values and is logged: the scrape
 * still answers with everything else.
 */
export function storeGauges({ db, live, log }: GaugeSources): Registry {
  const registry = new Registry();
  const registers = [registry];

  new Gauge({
    name: "amora_event_streams_open",
    help: "Event streams (signed-in tabs) open on this instance.",
    registers,
    collect() {
      this.set(live.tabCount);
    },
  });

  backlogGauges(registers, {
    name: "amora_job_queue",
    depthHelp: "Jobs due and not finished (waiting or running), on every instance.",
    ageHelp: "How long the oldest due job has been waiting past its time; 0 when none waits.",
    read: onePerScrape(log, "reading the job queue", () =>
      db
        .selectFrom("jobs")
        .where("finished_at", "is", null)
        .where("run_at", "<=", sql<Date>`now()`)
        .select([sql<number>`count(*)`.as("depth"), sql<string | null>`extract(epoch from now() - min(run_at))`.as("age")])
        .executeTakeFirstOrThrow(),
    ),
  });
  backlogGauges(registers, {
    name: "amora_mail_queue",
    depthHelp: "Mail queued and not yet sent (retries included, given-up messages not).",
    ageHelp: "Age of the oldest mail not yet sent; 0 when none waits.",
    read: onePerScrape(log, "reading the mail outbox", () =>
      db
        .selectFrom("mail_outbox")
        .where("sent_at", "is", null)
        .where("attempts", "<", MAX_ATTEMPTS)
        .select([sql<number>`count(*)`.as("depth"), sql<string | null>`extract(epoch from now() - min(created_at))`.as("age")])
        .executeTakeFirstOrThrow(),
    ),
  });

  const payments = onePerScrape(log, "counting payments", () =>
    db
      .selectFrom("payments")
      .select(["site_id", "status", sql<number>`count(*)`.as("count")])
      .groupBy(["site_id", "status"])
      .execute(),
  );
  new Gauge({
    name: "amora_payments",
    help: "Payments by state and brand.",
    labelNames: ["brand", "state"] as const,
    registers,
    async collect() {
      const rows = await payments();
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ brand: row.site_id, state: row.status }, row.count);
    },
  });

  return registry;
}

/**
 * One query for the gauges that share it: collect() of every metric runs at once when scraped, so
 * the first starts the query and the others wait for the same answer. Undefined when it failed.
 */
function onePerScrape<T>(log: Logger, what: string, read: () => Promise<T>): () => Promise<T | undefined> {
  let reading: Promise<T | undefined> | undefined;
  return () =>
    (reading ??= read()
      .catch((error: Error) => {
        log.warn({ err: error }, `${what} for the metrics failed`);
        return undefined;
      })
      .finally(() => (reading = undefined)));
}

type Backlog = { depth: number; age: string | null };

/** A queue's `<name>_depth` and `<name>_age_seconds`, both from one read per scrape. */
function backlogGauges(
  registers: Registry[],
  { name, depthHelp, ageHelp, read }: { name: string; depthHelp: string; ageHelp: string; read: () => Promise<Backlog | undefined> },
): void {
  new Gauge({
    name: `${name}_depth`,
    help: depthHelp,
    registers,
    async collect() {
      const row = await read();
      if (row) this.set(row.depth);
    },
  });
  new Gauge({
    name: `${name}_age_seconds`,
    help: ageHelp,
    registers,
    async collect() {
      const row = await read();
      if (row) this.set(Number(row.age ?? 0));
    },
  });
}
