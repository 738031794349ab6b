// `npm run bench -- payments`: payment webhooks through the real HTTP server (node build/server.js;
// run `npm run build` first) on PostgreSQL. 1,000 open payments of 500 members (two each); then
// signed test-provider webhooks in three rounds, each timed from the start of its POST to its answer:
//   paid        the first paid delivery of 900 payments (grants credits and premium), --concurrency N in flight (16)
//   duplicates  the same 900 deliveries again: each answered 200, nothing changes
//   parallel    the other 100 payments, each delivered 50 times at once (one grant each)
// A baseline round first times a request that touches no store (the web app manifest), for comparison.
// Afterwards it checks one purchase ledger row per payment and that every balance equals its ledger.
// The database (a fresh one beside BENCH_DATABASE_URL or DATABASE_URL, default the local server) is dropped afterwards.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { balancesOffLedger } from "../server/credits/ledger";
import { openStore } from "../server/db/database";
import { signTestWebhook } from "../server/payments/test-provider";
import { benchDatabase, requireBuild, startBuiltServer, stopInstance } from "./bench-instance";

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MEMBERS = 500;
const PAYMENTS = 1_000;
const PARALLEL_PAYMENTS = 100;
const COPIES = 50;
const CONCURRENCY = option("concurrency", 16);
const SITE_ID = "flirt-nl";
const HOST = `${SITE_ID}.localhost`;
const SECRET = randomBytes(32).toString("hex");
requireBuild();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

const database = benchDatabase("payments");
const databaseUrl = database.url;
await database.create();

let child: ChildProcess | undefined;

/** One app instance as `npm start` runs it (DEMO=on), with the test provider's secret. */
async function startInstance(): Promise<number> {
  const started = await startBuiltServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), "amora-bench-payments-")),
    SITES_DIR: path.resolve("sites"),
    TEST_PAYMENTS_SECRET: SECRET,
    LOG_LEVEL: "warn",
    DEMO_MEMBERS: "0",
  });
  child = started.child;
  return started.port;
}

type Payment = { id: number; reference: string; amount: number };
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function deliver(port: number, payment: Payment, status: string): Promise<{ status: number; ms: number }> {
  const body = new URLSearchParams({ payment_id: String(payment.id), reference: payment.reference, status, amount: String(payment.amount), currency: "EUR" }).toString();
  return send(port, "POST", "/payments/webhook/test", body, {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(body)),
    "x-test-signature": signTestWebhook(body, SECRET),
  });
}

function send(port: number, method: string, pathname: string, body: string, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, agent, path: pathname, method, headers: { host: HOST, ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Runs the deliveries with at most `limit` in flight; answers their latencies, throughput and failures. */
async function round(name: string, jobs: (() => Promise<{ status: number; ms: number }>)[], limit: number) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(limit, jobs.length) }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const answer = await job();
        latencies.push(answer.ms);
        if (answer.status !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(12)} ${String(jobs.length).padStart(6)} ${`${(jobs.length / seconds).toFixed(0)}/s`.padStart(8)} ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 99))} ${ms(latencies.at(-1) ?? NaN)} ${String(failures).padStart(6)}`,
  );
}

try {
  const port = await startInstance();
  const store = await openStore({ databaseUrl, dataDir: tmpdir(), poolSize: 2 });
  const { pool } = await store.db.selectFrom("sites").select("pool").where("id", "=", SITE_ID).executeTakeFirstOrThrow();
  const started = performance.now();
  const accounts = await store.db
    .insertInto("accounts")
    .values(
      Array.from({ length: MEMBERS }, (_, index) => ({
        site_id: SITE_ID,
        email: `payer${index}@example.com`,
        password_hash: "-",
        status: "confirmed" as const,
        language: "nl",
        country: "NL",
        date_of_birth: "1990-01-01",
        activated_at: new Date(),
      })),
    )
    .returning("id")
    .execute();
  await store.db
    .insertInto("profiles")
    .values(accounts.map(({ id }, index) => ({ account_id: id, site_id: SITE_ID, pool, name: `Payer ${index}`, country: "NL", date_of_birth: "1990-01-01", status: "active" as const })))
    .execute();
  const payments: Payment[] = await store.db
    .insertInto("payments")
    .values(
      Array.from({ length: PAYMENTS }, (_, index) => ({
        site_id: SITE_ID,
        account_id: accounts[index % MEMBERS]!.id,
        package: "p1",
        credits: 125,
        amount: 1995,
        currency: "EUR",
        method: "ideal",
        provider: "test",
        provider_reference: `tst_bench_${index}`,
        order_key: `bench-${index}`,
        expires_at: new Date(Date.now() + 3_600_000),
      })),
    )
    .returning(["id", "provider_reference as reference", "amount"])
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, reference: row.reference! })));
  console.log(`${MEMBERS} members and ${PAYMENTS} open payments in ${(performance.now() - started).toFixed(0)} ms; database ${database.name}`);

  const sequential = payments.slice(0, PAYMENTS - PARALLEL_PAYMENTS);
  const parallel = payments.slice(PAYMENTS - PARALLEL_PAYMENTS);
  // A few deliveries first, so the first timings are not the server's warm-up.
  await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/healthz`)));
  console.log(`\n${"round".padEnd(12)} ${"count".padStart(6)} ${"rate".padStart(8)} ${"p50".padStart(9)} ${"p99".padStart(9)} ${"max".padStart(9)} ${"not 200".padStart(6)}`);
  // What any request through the brand's middleware and Remix costs here, for comparison: the web app manifest, a resource route without the store.
  await round("baseline", Array.from({ length: 900 }, () => () => send(port, "GET", "/manifest.webmanifest", "", {})), CONCURRENCY);
  await round("paid", sequential.map((payment) => () => deliver(port, payment, "paid")), CONCURRENCY);
  await round("duplicates", sequential.map((payment) => () => deliver(port, payment, "paid")), CONCURRENCY);
  await round("parallel", parallel.flatMap((payment) => Array.from({ length: COPIES }, () => () => deliver(port, payment, "paid"))), COPIES);
  console.log(`(--concurrency ${CONCURRENCY} in flight for paid and duplicates; ${COPIES} copies of one payment at once for parallel)`);

  const grants = await store.db.selectFrom("credit_ledger").select((eb) => eb.fn.countAll<string>().as("count")).where("reason", "=", "purchase").executeTakeFirstOrThrow();
  const paid = await store.db.selectFrom("payments").select((eb) => eb.fn.countAll<string>().as("count")).where("status", "=", "paid").executeTakeFirstOrThrow();
  const wrong = await balancesOffLedger(store.db);
  console.log(`\n${paid.count} payments paid, ${grants.count} purchase ledger rows (one per payment: ${Number(grants.count) === PAYMENTS ? "yes" : "NO"}), ${wrong.length} balances differing from their ledger`);
  await store.close();
} finally {
  agent.destroy();
  await stopInstance(child);
  await database.drop();
}
