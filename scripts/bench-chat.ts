// `npm run bench -- chat`: chat delivery across two app instances (node build/server.js each, run
// `npm run build` first) on PostgreSQL and Redis. 1,000 premium members, each with one open event
// stream (half on each instance); messages go from a member on one instance to a member whose tab
// is on the other, and each is timed from the start of its POST to its arrival in the other tab.
// Target: p99 under 100 ms on a 2-core machine. Options: --messages N (3000), --rate N (40: messages
// started per second, an open loop like real members), or --concurrency N (a closed loop: N sends
// in flight, each waiting for its arrival), --pool N (DATABASE_POOL_SIZE, 10), --cpu-prof DIR (V8
// profiles of both instances).
// The database (a fresh one beside BENCH_DATABASE_URL or DATABASE_URL, default the local server) is dropped afterwards.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createCookie } from "@remix-run/node";
import { AUTH_COOKIE, SESSION_SECONDS } from "../server/accounts/sessions";
import { hashToken, randomToken } from "../server/accounts/tokens";
import { openStore } from "../server/db/database";
import { EventStream } from "../tests/support/event-stream";
import { benchDatabase, memory, requireBuild, sleep, startBuiltServer, stopInstance } from "./bench-instance";

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MEMBERS = 1_000;
const MESSAGES = option("messages", 3_000);
const CONCURRENCY = option("concurrency", 0);
/** Open loop: messages start at this steady rate per second, whatever is still in flight (the default, 40/s). */
const RATE = CONCURRENCY > 0 ? 0 : option("rate", 40);
const POOL_SIZE = option("pool", 10);
/** --cpu-prof DIR: each instance writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const PROFILE_DIR = process.argv.includes("--cpu-prof") ? path.resolve(process.argv[process.argv.indexOf("--cpu-prof") + 1] ?? "profiles") : undefined;
const WARM_UP = 200;
const SITE_ID = "flirt-nl";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

requireBuild();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// A fresh database, dropped at the end.
const database = benchDatabase("chat");
const databaseUrl = database.url;
await database.create();

const secret = randomBytes(32).toString("base64url");
const prefix = `amora-bench-${randomBytes(4).toString("hex")}:`;
const children: ChildProcess[] = [];
const streams: EventStream[] = [];

/** One app instance as `npm start` runs it (DEMO=on: no VAPID keys or SMTP needed). */
async function startInstance(): Promise<{ port: number; child: ChildProcess }> {
  const profiling = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const started = await startBuiltServer(
    {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "amora-bench-chat-")),
      SITES_DIR: path.resolve("sites"),
      SESSION_SECRETS: secret,
      LOG_LEVEL: "warn",
      DEMO_MEMBERS: "0",
    },
    profiling,
  );
  children.push(started.child);
  return started;
}
const mb = (value: number) => `${value.toFixed(0)} MB`;

async function cleanUp() {
  for (const stream of streams) stream.close();
  await Promise.all(children.map(stopInstance));
  await database.drop();
}

try {
  // The first instance migrates the fresh database; the second starts on it after.
  const one = await startInstance();
  const two = await startInstance();
  const instances = [one, two];
  console.log(`two instances on ports ${one.port} and ${two.port}, database ${database.name}, Redis ${redisUrl} (prefix ${prefix})`);

  // 1,000 confirmed premium members with credits and a session each, written in bulk.
  let started = performance.now();
  const store = await openStore({ databaseUrl, dataDir: tmpdir(), poolSize: 2 });
  const { pool } = await store.db.selectFrom("sites").select("pool").where("id", "=", SITE_ID).executeTakeFirstOrThrow();
  const cookie = createCookie(AUTH_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", maxAge: SESSION_SECONDS, secrets: [secret] });
  const members: { accountId: number; profileId: number; cookie: string }[] = [];
  const CREDITS = 1_000_000;
  for (let offset = 0; offset < MEMBERS; offset += 500) {
    const count = Math.min(500, MEMBERS - offset);
    const accounts = await store.db
      .insertInto("accounts")
      .values(
        Array.from({ length: count }, (_, index) => ({
          site_id: SITE_ID,
          email: `bench${offset + index}@example.com`,
          password_hash: "-",
          status: "confirmed" as const,
          language: "nl",
          country: "NL",
          date_of_birth: "1990-01-01",
          credits: CREDITS,
          paid_user: true,
          activated_at: new Date(),
        }))
      )
      .returning("id")
      .execute();
    const profiles = await store.db
      .insertInto("profiles")
      .values(
        accounts.map(({ id }, index) => ({
          account_id: id,
          site_id: SITE_ID,
          pool,
          name: `Bench ${offset + index}`,
          country: "NL",
          date_of_birth: "1990-01-01",
          status: "active" as const,
          gender: index % 2 === 0 ? ("female" as const) : ("male" as const),
          sexuality: "hetero" as const,
        }))
      )
      .returning(["id", "account_id"])
      .execute();
    await store.db
      .insertInto("credit_ledger")
      .values(
        accounts.map(({ id }) => ({
          account_id: id,
          site_id: SITE_ID,
          delta: CREDITS,
          balance_after: CREDITS,
          reason: "purchase" as const,
          idempotency_key: "bench",
        }))
      )
      .execute();
    const tokens = accounts.map(() => randomToken());
    await store.db
      .insertInto("sessions")
      .values(
        accounts.map(({ id }, index) => ({
          id_hash: hashToken(tokens[index]!),
          account_id: id,
          site_id: SITE_ID,
          expires_at: new Date(Date.now() + SESSION_SECONDS * 1000),
        }))
      )
      .execute();
    for (const [index, { id }] of accounts.entries()) {
      const profile = profiles.find((row) => row.account_id === id)!;
      const header = (await cookie.serialize(tokens[index])).split(";")[0]!;
      members.push({ accountId: id, profileId: profile.id, cookie: header });
    }
  }
  await store.close();
  console.log(`${MEMBERS} members with sessions in ${(performance.now() - started).toFixed(0)} ms`);

  // One stream per member: even members on instance 1, odd on instance 2.
  const waiting = new Map<string, (at: number) => void>();
  started = performance.now();
  const instanceOf = (member: number) => instances[member % 2]!;
  for (let offset = 0; offset < MEMBERS; offset += 100) {
    const batch = members.slice(offset, offset + 100).map((member, index) => {
      const { port } = instanceOf(offset + index);
      const stream = new EventStream({
        port,
        host: `${SITE_ID}.localhost:${port}`,
        headers: { cookie: member.cookie },
        onEvent: (event) => {
          if (event.event !== "message") return;
          const { message } = JSON.parse(event.data) as { message: { client_id: string; sender: number } };
          if (message.sender === member.profileId) return; // the sender's own tab hears of its send too
          waiting.get(message.client_id)?.(event.receivedAt);
        },
      });
      streams.push(stream);
      return stream.opened(30_000);
    });
    await Promise.all(batch);
  }
  console.log(`${MEMBERS} event streams open in ${(performance.now() - started).toFixed(0)} ms`);
  const connected = instances.map(({ child }) => memory(child));

  // Sends: member k sends to member k+1, whose tab is on the other instance, through its own.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const send = (from: number, to: number, clientId: string) =>
    new Promise<number>((resolve, reject) => {
      const { port } = instanceOf(from);
      const body = JSON.stringify({ profile: members[to]!.profileId, client_id: clientId, body: `hallo ${clientId}` });
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/chat.php",
          method: "POST",
          agent,
          headers: {
            host: `${SITE_ID}.localhost:${port}`,
            cookie: members[from]!.cookie,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        }
      );
      req.on("error", reject);
      req.end(body);
    });

  const latencies: number[] = [];
  const answered: number[] = [];
  let failures = 0;
  /** The second of the run in which each message over 100 ms started: together or spread out? */
  const slow: number[] = [];
  let next = 0;
  let measuredFrom = 0;
  const timeOne = async (index: number) => {
    if (index === WARM_UP) measuredFrom = performance.now();
    const from = index % MEMBERS;
    const to = (from + 1) % MEMBERS;
    const clientId = `bench-${index}-${randomBytes(4).toString("hex")}`;
    const start = performance.now();
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${index} did not arrive in 10 s`)), 10_000);
      waiting.set(clientId, (at) => (clearTimeout(timer), resolve(at)));
    });
    // A send slower than the wait rejects this before it is awaited: a failure to count, not a crash.
    arrived.catch(() => {});
    try {
      const status = await send(from, to, clientId);
      const answeredAt = performance.now();
      if (status !== 200) throw new Error(`send ${index} answered ${status}`);
      const at = await arrived;
      if (index >= WARM_UP) {
        if (at - start > 100) slow.push(Math.floor((start - measuredFrom) / 1000));
        latencies.push(at - start);
        answered.push(answeredAt - start);
      }
    } catch (error) {
      failures += 1;
      if (failures <= 5) console.error((error as Error).message);
    } finally {
      waiting.delete(clientId);
    }
  };
  if (CONCURRENCY > 0) {
    const worker = async () => {
      for (let index = next++; index < MESSAGES + WARM_UP; index = next++) await timeOne(index);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } else {
    // Each message starts on its own schedule; a slow one holds up none of the others.
    const sends: Promise<void>[] = [];
    const begin = performance.now();
    for (let index = 0; index < MESSAGES + WARM_UP; index += 1) {
      const due = begin + (index * 1000) / RATE;
      if (due > performance.now()) await sleep(due - performance.now());
      sends.push(timeOne(index));
    }
    await Promise.all(sends);
  }
  const seconds = (performance.now() - measuredFrom) / 1000;
  const after = instances.map(({ child }) => memory(child));
  const tabs = await Promise.all(instances.map(({ port }) => fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status)));

  latencies.sort((x, y) => x - y);
  answered.sort((x, y) => x - y);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  const load = CONCURRENCY > 0 ? `${CONCURRENCY} in flight at a time` : `started at ${RATE} per second`;
  console.log(`\n${latencies.length} messages timed (after ${WARM_UP} to warm up), ${load}, ${failures} failed; instances ready: ${tabs.join(", ")}`);
  console.log(`${"".padEnd(30)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"max".padStart(9)}`);
  console.log(
    `${"send → other tab".padEnd(30)} ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 95))} ${ms(percentile(latencies, 99))} ${ms(
      latencies.at(-1) ?? NaN
    )}`
  );
  console.log(
    `${"send → 200 answer".padEnd(30)} ${ms(percentile(answered, 50))} ${ms(percentile(answered, 95))} ${ms(percentile(answered, 99))} ${ms(
      answered.at(-1) ?? NaN
    )}`
  );
  console.log(`throughput: ${(latencies.length / seconds).toFixed(0)} messages/s`);
  console.log(`over 100 ms: ${slow.length} messages, started within ${new Set(slow).size} of the run's ${Math.ceil(seconds)} seconds`);
  for (const [index, { child }] of instances.entries()) {
    console.log(
      `instance ${index + 1} (pid ${child.pid}): resident ${mb(connected[index]!.rss)} with ${MEMBERS / 2} streams, ${mb(
        after[index]!.rss
      )} after the sends, peak ${mb(after[index]!.peak)}`
    );
  }
  const p99 = percentile(latencies, 99);
  console.log(p99 < 100 ? `p99 ${p99.toFixed(1)} ms: under the 100 ms target` : `p99 ${p99.toFixed(1)} ms: OVER the 100 ms target`);
  agent.destroy();
} finally {
  await cleanUp();
}
