// `npm run bench -- pages`: what each page and member API call costs through the real HTTP server
// (node build/server.js; run `npm run build` first), side by side in one run. The server runs in its
// own process, so its CPU (read from /proc) is not the load generator's; on PostgreSQL the
// database's own CPU is not in it, on PGlite (`--embedded`) it is, as the database runs inside.
//
// A fresh store is seeded with demo members over every brand (the seeding `npm run seed` uses), plus
// one signed-in member of flirt-nl with likes given and received and a few chats. Then:
//   closed loop  each route × Accept-Encoding identity, gzip, br for --seconds with --connections
//                (autocannon): req/s, p50, p99, server CPU ms per request, response bytes on the
//                wire, and req/s relative to /api/settings.php with the same encoding
//   open loop    mixed member traffic (pages plus the §9 refresh calls) started at --rate per second
//                for twice --seconds, whatever is still in flight: p50, p99, max and errors
// and the server's resident memory at rest and after the load, and what each Brotli quality and gzip
// level costs and saves on the documents / and /members (scripts/bench-compression-levels.ts).
// Options: --members N (10000), --seconds N (5), --connections N (32), --rate N (50), --embedded
// (PGlite in a temporary folder instead of PostgreSQL), --only /members (measure only the routes
// named, comma-separated, and skip the open loop and the compression table), --profile (the server
// writes a CPU profile, and its heaviest functions and packages are printed: pair it with --only to
// profile one route; the server's start is in it too), --metrics (the server keeps its Prometheus
// metrics, on a port of its own, to measure what they cost per request). The PostgreSQL database is a fresh one beside
// BENCH_DATABASE_URL or DATABASE_URL (default the local server), dropped afterwards.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createCookie } from "@remix-run/node";
import autocannon from "autocannon";
import { AUTH_COOKIE, SESSION_SECONDS } from "../server/accounts/sessions";
import { hashToken, randomToken } from "../server/accounts/tokens";
import { openStore, type Store } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { createPhotoStorage } from "../server/photos/storage";
import { avatarTarget } from "../server/profiles/demo-avatars";
import { seedDemoMembers } from "../server/profiles/demo-members";
import { formatProblems, loadSites } from "../server/sites/load";
import { syncSites } from "../server/sites/sync";
import { summariseProfile } from "./cpu-profile";
import { printBrotliWindows, printCompressionLevels } from "./bench-compression-levels";
import { benchDatabase, cpuMs, memory, requireBuild, sleep, startBuiltServer, stopInstance } from "./bench-instance";

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const MEMBERS = option("members", 10_000);
const SECONDS = option("seconds", 5);
const CONNECTIONS = option("connections", 32);
const RATE = option("rate", 50);
const EMBEDDED = process.argv.includes("--embedded");
const PROFILE = process.argv.includes("--profile");
const METRICS = process.argv.includes("--metrics");
const onlyIndex = process.argv.indexOf("--only");
const ONLY = onlyIndex === -1 ? undefined : (process.argv[onlyIndex + 1] ?? "").split(",").filter(Boolean);
const SITE_ID = "flirt-nl";
const HOST = `${SITE_ID}.localhost`;
const ENCODINGS = ["identity", "gzip", "br"] as const;

requireBuild();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
// The store: a fresh PostgreSQL database or a PGlite folder, both removed at the end.
const database = EMBEDDED ? undefined : benchDatabase("pages");
const databaseUrl = database?.url;
const dataDir = await mkdtemp(path.join(tmpdir(), "amora-bench-pages-"));
const profileDir = path.join(dataDir, "profile");
await database?.create();

const secret = randomBytes(32).toString("base64url");
let child: ChildProcess | undefined;

type Member = { cookie: string; profileId: number; others: number[] };

/** Demo members over every brand, and one signed-in member of flirt-nl who has liked and been liked. */
async function seed(store: Store): Promise<Member> {
  await migrate(store);
  const { sites, problems } = await loadSites(path.resolve("sites"));
  if (problems.length > 0) throw new Error(`The site files have problems:\n${formatProblems(problems)}`);
  await syncSites(store, sites);
  const photos = createPhotoStorage({ DATA_DIR: dataDir, S3_REGION: "us-east-1", S3_BUCKET: undefined, S3_ENDPOINT: undefined });
  const result = await seedDemoMembers({ db: store.db, sites, count: MEMBERS, ...avatarTarget(photos, dataDir) });
  const seconds = result.milliseconds / 1000;
  console.log(
    `${result.profiles.toLocaleString("en")} demo members over ${sites.length} brands in ${seconds.toFixed(1)} s` +
      `${seconds > 120 ? " (over two minutes: pass a smaller --members)" : ""}`,
  );

  const db = store.db;
  const { pool } = await db.selectFrom("sites").select("pool").where("id", "=", SITE_ID).executeTakeFirstOrThrow();
  const account = await db
    .insertInto("accounts")
    .values({
      site_id: SITE_ID,
      email: "bench.member@example.com",
      password_hash: "-",
      status: "confirmed",
      language: "nl",
      country: "NL",
      date_of_birth: "1988-03-01",
      credits: 100_000,
      paid_user: true,
      activated_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const profile = await db
    .insertInto("profiles")
    .values({
      account_id: account.id,
      site_id: SITE_ID,
      pool,
      name: "Bench",
      country: "NL",
      date_of_birth: "1988-03-01",
      status: "active",
      gender: "male",
      sexuality: "hetero",
      region: "NL-NH",
      city: "Amsterdam",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Women of the pool this member would see: 30 like him, he likes the first 10 back.
  const others = await db
    .selectFrom("profiles")
    .select("id")
    .where("pool", "=", pool)
    .where("status", "=", "active")
    .where("gender", "=", "female")
    .where("account_id", "is", null)
    .orderBy("id")
    .limit(30)
    .execute()
    .then((rows) => rows.map((row) => row.id));
  if (others.length === 0) throw new Error(`no demo members in ${SITE_ID}'s pool: pass a larger --members`);
  await db
    .insertInto("likes")
    .values([
      ...others.map((id) => ({ liker_id: id, liked_id: profile.id })),
      ...others.slice(0, 10).map((id) => ({ liker_id: profile.id, liked_id: id })),
    ])
    .execute();
  const token = randomToken();
  await db
    .insertInto("sessions")
    .values({ id_hash: hashToken(token), account_id: account.id, site_id: SITE_ID, expires_at: new Date(Date.now() + SESSION_SECONDS * 1000) })
    .execute();
  const cookie = createCookie(AUTH_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", maxAge: SESSION_SECONDS, secrets: [secret] });
  return { cookie: (await cookie.serialize(token)).split(";")[0]!, profileId: profile.id, others };
}

/** One app instance as `npm start` runs it (DEMO=on), without demo members of its own. */
async function startInstance(): Promise<number> {
  const started = await startBuiltServer(
    {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      SITES_DIR: path.resolve("sites"),
      SESSION_SECRETS: secret,
      LOG_LEVEL: "warn",
      DEMO_MEMBERS: "0",
      ...(METRICS ? { METRICS_PORT: "0" } : {}),
    },
    PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  );
  child = started.child;
  return started.port;
}

const agent = new Agent({ keepAlive: true });

/** One request; answers its status, the bytes of its body as sent (compressed or not) and its time. */
function send(port: number, method: string, pathname: string, headers: Record<string, string>, body = ""): Promise<{ status: number; bytes: number; encoding: string; ms: number; refusal?: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, agent, path: pathname, method, headers: { host: HOST, ...headers } }, (res) => {
      let bytes = 0;
      let refusal = "";
      const failed = (res.statusCode ?? 0) >= 400;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (failed && refusal.length < 300) refusal += chunk.toString("utf8");
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers["content-encoding"] ?? "identity"), ms: performance.now() - started, refusal }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A page as sent without compression. */
function body(port: number, pathname: string, cookie: string | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const headers = { host: HOST, "accept-encoding": "identity", ...(cookie ? { cookie } : {}) };
    const req = httpRequest({ host: "127.0.0.1", port, agent, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve(Buffer.concat(chunks)));
    });
    req.on("error", reject);
    req.end();
  });
}

type Target = { path: string; member: boolean };
type Row = Target & { encoding: string; rate: number; p50: number; p99: number; cpu: number; bytes: number; sentAs: string; failed: number };

/** One closed-loop measurement: --connections requests in flight for --seconds. */
async function measure(port: number, target: Target, encoding: string, cookie: string): Promise<Row> {
  const headers = { host: HOST, "accept-encoding": encoding, ...(target.member ? { cookie } : {}) };
  const probe = await send(port, "GET", target.path, headers);
  const cpuBefore = cpuMs(child!);
  const started = performance.now();
  const result = await autocannon({ url: `http://127.0.0.1:${port}${target.path}`, connections: CONNECTIONS, duration: SECONDS, headers });
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(child!) - cpuBefore;
  const requests = result.requests.total;
  return {
    ...target,
    encoding,
    rate: requests / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: requests > 0 ? cpu / requests : NaN,
    bytes: probe.bytes,
    sentAs: probe.status === 200 ? probe.encoding : `status ${probe.status}`,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** A path of the mix, how often it comes, and its answer when not 200. */
type MixEntry = [path: string, weight: number, status?: number];

/** Mixed member traffic started at RATE per second, each request on its own schedule. */
async function openLoop(port: number, mix: MixEntry[], cookie: string) {
  const schedule = mix.flatMap(([pathname, weight]) => Array.from({ length: weight }, () => pathname));
  const expected = new Map(mix.map(([pathname, , status = 200]) => [pathname, status]));
  for (let index = schedule.length - 1; index > 0; index -= 1) {
    const other = (index * 7919) % (index + 1); // a fixed shuffle, the same order every run
    [schedule[index], schedule[other]] = [schedule[other]!, schedule[index]!];
  }
  const total = Math.round(RATE * SECONDS * 2);
  const latencies: number[] = [];
  const byPath = new Map<string, number[]>();
  // Each failure under its path and status ("network" when no answer came), so a count can be read.
  const failures = new Map<string, number>();
  const failed = (pathname: string, status: number | string) => {
    const key = `${pathname} ${status}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };
  const sends: Promise<void>[] = [];
  const begin = performance.now();
  const cpuBefore = cpuMs(child!);
  for (let index = 0; index < total; index += 1) {
    const due = begin + (index * 1000) / RATE;
    if (due > performance.now()) await sleep(due - performance.now());
    const pathname = schedule[index % schedule.length]!;
    sends.push(
      send(port, "GET", pathname, { "accept-encoding": "br", cookie }).then(
        ({ status, ms }) => {
          if (status !== expected.get(pathname)) failed(pathname, status);
          latencies.push(ms);
          const list = byPath.get(pathname) ?? [];
          list.push(ms);
          byPath.set(pathname, list);
        },
        () => failed(pathname, "network"),
      ),
    );
  }
  await Promise.all(sends);
  const cpu = cpuMs(child!) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const errors = [...failures.values()].reduce((sum, count) => sum + count, 0);
  return { total, errors, failures, latencies, byPath, cpuPerRequest: cpu / total, seconds: (performance.now() - begin) / 1000 };
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
const mb = (value: number) => `${value.toFixed(0)} MB`;

try {
  let started = performance.now();
  const store = await openStore({ databaseUrl, dataDir, poolSize: 2 });
  let member: Member;
  try {
    member = await seed(store);
  } finally {
    await store.close();
  }
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; store: ${EMBEDDED ? `PGlite in ${dataDir}` : `PostgreSQL database ${database?.name}`}`);

  started = performance.now();
  const port = await startInstance();
  console.log(`server (pid ${child!.pid}, NODE_ENV=production, DEMO=on) answered /healthz after ${(performance.now() - started).toFixed(0)} ms`);

  // A few chats, sent through the app so the list holds what members write.
  for (const [index, other] of member.others.slice(0, 5).entries()) {
    const body = JSON.stringify({ profile: other, client_id: `bench-chat-${index}`, body: `Hallo, hoe gaat het? (${index})` });
    const answer = await send(port, "POST", "/api/chat.php", { cookie: member.cookie, "content-type": "application/json", origin: `http://${HOST}` }, body);
    if (answer.status !== 200) console.warn(`sending a chat message answered ${answer.status} ${answer.refusal?.slice(0, 200)}; /chats may be empty`);
  }

  const profilePath = `/members/${member.others[0]}`;
  const routes: Target[] = [
    { path: "/healthz", member: false },
    { path: "/api/settings.php", member: false },
    { path: "/api/user.php", member: true },
    { path: "/", member: false },
    { path: "/pages/terms", member: false },
    { path: "/members", member: true },
    { path: profilePath, member: true },
    { path: "/likes", member: true },
    { path: "/chats", member: true },
  ];
  const targets = ONLY ? routes.filter((route) => ONLY.includes(route.path === profilePath ? "/members/{id}" : route.path)) : routes;
  // Warm up: every route under the measured load for a second, so a route's first row is not its
  // code's first optimisation (a few sequential requests left the first row up to a third slower
  // than the next, which does the same work), nor the load generator's slower first second.
  for (const target of targets) {
    const headers = { host: HOST, "accept-encoding": "br", ...(target.member ? { cookie: member.cookie } : {}) };
    await autocannon({ url: `http://127.0.0.1:${port}${target.path}`, connections: CONNECTIONS, duration: 1, headers });
  }
  await sleep(500);
  const atRest = memory(child!);

  const rows: Row[] = [];
  const runStarted = performance.now();
  for (const target of targets) {
    for (const encoding of ENCODINGS) rows.push(await measure(port, target, encoding, member.cookie));
  }
  const afterClosed = memory(child!);

  const measuredSeconds = (performance.now() - runStarted) / 1000;

  const storeLabel = EMBEDDED ? "PGlite (embedded, its CPU counted as the server's)" : "PostgreSQL (its own CPU not counted)";
  console.log(
    `\n${storeLabel}, ${MEMBERS.toLocaleString("en")} demo members; ${CONNECTIONS} connections, ${SECONDS} s per row; ` +
      `${fixed(measuredSeconds, 0)} s measured in all`,
  );
  const header = ["route", "who", "encoding", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "bytes", "sent as", "× settings", "failed"];
  const widths = [22, 6, 8, 8, 7, 7, 10, 8, 10, 10, 6];
  const line = (cells: string[]) => cells.map((cell, index) => (index < 3 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(" ");
  console.log(line(header));
  for (const row of rows) {
    const settings = rows.find((other) => other.path === "/api/settings.php" && other.encoding === row.encoding);
    const shown = row.path === profilePath ? "/members/{id}" : row.path;
    console.log(
      line([
        shown,
        row.member ? "member" : "anon",
        row.encoding,
        fixed(row.rate, 0),
        fixed(row.p50, 0),
        fixed(row.p99, 0),
        fixed(row.cpu, 2),
        String(row.bytes),
        row.sentAs,
        settings ? fixed(row.rate / settings.rate, 2) : "-",
        String(row.failed),
      ]),
    );
  }

  // The open loop mixes every route: it runs only when all are measured.
  if (!ONLY) {
    const open = await openLoop(
      port,
      [
        ["/api/user.php", 20],
        ["/api/chats.php", 20],
        ["/api/likes.php", 20],
        ["/members", 12],
        [profilePath, 10],
        ["/likes", 6],
        ["/chats", 6],
        // A member's "/" is the way to search (§2).
        ["/", 3, 302],
        ["/pages/terms", 3],
      ],
      member.cookie,
    );
    console.log(
      `\nopen loop: ${open.total} requests of mixed member traffic (Accept-Encoding br) started at ${RATE}/s over ${fixed(open.seconds, 1)} s: ` +
        `p50 ${fixed(percentile(open.latencies, 50))} ms, p99 ${fixed(percentile(open.latencies, 99))} ms, max ${fixed(open.latencies.at(-1) ?? NaN)} ms, ` +
        `${open.errors} errors, ${fixed(open.cpuPerRequest, 2)} ms server CPU per request`,
    );
    for (const [failure, count] of open.failures) console.log(`  failed: ${failure} ×${count}`);
    for (const [pathname, list] of open.byPath) {
      list.sort((a, b) => a - b);
      const shown = pathname === profilePath ? "/members/{id}" : pathname;
      console.log(`  ${shown.padEnd(18)} ${String(list.length).padStart(5)} requests  p50 ${fixed(percentile(list, 50)).padStart(7)} ms  p99 ${fixed(percentile(list, 99)).padStart(7)} ms`);
    }
    const target = EMBEDDED ? 200 : 100;
    const p99 = percentile(open.latencies, 99);
    console.log(`  p99 ${fixed(p99)} ms: ${p99 < target ? "under" : "OVER"} the ${target} ms target on ${EMBEDDED ? "PGlite" : "PostgreSQL"}`);
  }
  console.log(
    `\nserver memory: resident ${mb(atRest.rss)} at rest (after warm-up), ${mb(afterClosed.rss)} after the closed loop, ` +
      `${mb(memory(child!).rss)} at the end; peak ${mb(memory(child!).peak)}`,
  );

  const documents = await Promise.all(
    [
      { name: "/", cookie: undefined },
      { name: "/members", cookie: member.cookie },
    ].map(async ({ name, cookie }) => ({ name, html: await body(port, name, cookie) })),
  );
  if (!ONLY) {
    printCompressionLevels(documents);
    await printBrotliWindows(documents[1]!);
  }
} finally {
  agent.destroy();
  await stopInstance(child);
  if (PROFILE) {
    const [file] = await readdir(profileDir).catch(() => []);
    console.log(file ? `\nserver CPU profile (removed with the bench's folder):\n${summariseProfile(path.join(profileDir, file))}` : "\nthe server wrote no CPU profile");
  }
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
