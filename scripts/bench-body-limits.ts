// `npm run bench -- limits` (and the end of the default `npm run bench`): the event-loop delay of a
// running server (the built app, in this process, on PGlite; run `npm run build` first) while hostile
// bodies are refused: a field bomb that fits the byte limit, the 30,000-field signup check, a JSON
// login that declares 189 MB, a chunked body that never ends and a multipart form of many parts,
// each started --rate N times a second (default 20, so 100 hostile bodies a second), from another
// process (bench-body-limits-clients.ts). Meanwhile a visitor opens another brand's home page and
// settings call five times a second, to show they still answer. First the same without the hostile
// bodies, then the hostile bodies alone: a page render holds the loop for its whole length, so
// that phase shows what the refusals themselves cost. Target: event-loop delay p99 under 50 ms with
// hostile bodies in flight. --seconds N per phase (10).
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance, type IntervalHistogram } from "node:perf_hooks";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { readEnv } from "../server/env";
import { startServer } from "../server/start";
import { copyDemoSites } from "../tests/support/site-fixtures";

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? NaN : Number(process.argv[index + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SECONDS = option("seconds", 10);
const RATE = option("rate", 20);
const VISITS_PER_SECOND = 5;
const OTHER_HOST = "bbw-us.localhost";

if (!existsSync("build/server/index.js")) {
  console.error("Run `npm run build` first: the limits bench serves the built app.");
  process.exit(1);
}

const dataDir = await mkdtemp(path.join(tmpdir(), "amora-bench-limits-"));
const env = readEnv({
  NODE_ENV: "test",
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  SITES_DIR: await copyDemoSites(),
  LOG_LEVEL: "silent",
  DEMO_MEMBERS: "0",
});
const build = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as ServerBuild;
const server = await startServer({ env, build, clientDir: path.resolve("build/client"), log: pino({ level: "silent" }) });
const agent = new Agent({ keepAlive: true });

/** A GET on the other brand: its status and how long it took. */
const get = (pathname: string) =>
  new Promise<{ status: number; ms: number }>((resolve) => {
    const started = performance.now();
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path: pathname, agent, headers: { host: OTHER_HOST } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });

/** The other brand's home page and its settings call, VISITS_PER_SECOND times a second until `until`. */
async function browseOtherBrand(until: number) {
  const visits: Promise<{ status: number; ms: number }[]>[] = [];
  const started = performance.now();
  for (let visit = 1; performance.now() < until; visit++) {
    visits.push(Promise.all([get("/"), get("/api/settings.php")]));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (visit * 1000) / VISITS_PER_SECOND - performance.now())));
  }
  return (await Promise.all(visits)).flat();
}

/** The hostile clients' process: resolves to the statuses each kind of body was answered with. */
function hostileBodies(): Promise<Record<string, number[]>> {
  const child = fork(new URL("./bench-body-limits-clients.ts", import.meta.url), [], { execArgv: ["--import", "tsx"] });
  child.send({ port: server.port, seconds: SECONDS, rate: RATE });
  return new Promise((resolve, reject) => {
    child.once("message", (statuses) => resolve(statuses as Record<string, number[]>));
    child.once("error", reject);
  });
}

const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);
const describeDelay = (histogram: IntervalHistogram) =>
  `p50 ${ms(histogram.percentile(50))} ms, p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function phase(label: string, { hostile, visitor }: { hostile: boolean; visitor: boolean }): Promise<IntervalHistogram> {
  // 1 ms resolution: the histogram's floor is the timer interval itself.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const attack = hostile ? hostileBodies() : Promise.resolve({} as Record<string, number[]>);
  const cpu = process.cpuUsage();
  delay.enable();
  const until = performance.now() + SECONDS * 1000;
  const browsing = visitor ? browseOtherBrand(until) : new Promise<[]>((resolve) => setTimeout(() => resolve([]), SECONDS * 1000));
  const [other, statuses] = await Promise.all([browsing, attack]);
  delay.disable();
  const { user, system } = process.cpuUsage(cpu);
  const times = other.map((answer) => answer.ms).sort((a, b) => a - b);
  console.log(`${label}: event-loop delay ${describeDelay(delay)}; server process CPU ${((user + system) / 1e4 / SECONDS).toFixed(0)}% of a core`);
  if (visitor) {
    const failed = other.filter((answer) => answer.status !== 200).length;
    console.log(`  ${OTHER_HOST} home page and settings: ${other.length} answered, ${failed} not 200, p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`);
  }
  for (const [name, answered] of Object.entries(statuses)) {
    console.log(`  ${name}: ${answered.length} refused (${[...new Set(answered)].join("/")}), ${(answered.length / SECONDS).toFixed(0)}/s`);
  }
  return delay;
}

console.log(`Body limits: ${SECONDS} s per phase; ${RATE} hostile bodies of each kind started per second`);
await browseOtherBrand(performance.now() + 1); // the first render loads the route modules
await phase("a visitor on another brand, no hostile bodies", { hostile: false, visitor: true });
await phase("a visitor on another brand while hostile bodies are refused", { hostile: true, visitor: true });
const refusing = await phase("hostile bodies only", { hostile: true, visitor: false });
const p99 = refusing.percentile(99) / 1e6;
console.log(`target: event-loop delay p99 under 50 ms while hostile bodies are refused: ${p99 < 50 ? "met" : "MISSED"} (${p99.toFixed(1)} ms)`);

agent.destroy();
await server.stop();
await rm(dataDir, { recursive: true, force: true });
