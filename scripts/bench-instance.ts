// What the benches that run the built app share: a fresh PostgreSQL database beside the configured
// one, an app instance as `node build/server.js` runs it, and reading that process from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { freePort } from "../tests/support/free-port";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops the bench when there is no build to start. */
export function requireBuild(): void {
  if (!existsSync("build/server.js") || !existsSync("build/server/index.js")) {
    console.error("Run `npm run build` first: the bench starts build/server.js.");
    process.exit(1);
  }
}

/** A fresh database beside BENCH_DATABASE_URL or DATABASE_URL (default the local server), named for the bench. */
export function benchDatabase(bench: string) {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  const name = `amora_bench_${bench}_${randomBytes(4).toString("hex")}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  return {
    name,
    url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    create: () => admin(`create database ${name}`),
    /** Never throws: a bench reports its numbers even when the clean-up fails. */
    drop: () => admin(`drop database if exists ${name} with (force)`).catch((error: Error) => console.error(`dropping ${name} failed: ${error.message}`)),
  };
}

/**
 * Starts one instance on a free port with these settings (plus PATH, PORT, HOST) and waits until it
 * answers. It runs as `npm start` does: NODE_ENV=production, so React's and Remix's production builds
 * are what is measured, and DEMO=on for the conveniences a bench relies on (`<id>.localhost` hosts,
 * the test payment provider, generated keys).
 */
export async function startBuiltServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, "build/server.js"], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", DEMO: "on", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the instance on port ${port} exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)) return { port, child };
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`the instance on port ${port} did not start`);
}

/** Asks an instance to stop, and kills it when it has not after ten seconds. */
export function stopInstance(child: ChildProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => (clearTimeout(timer), resolve()));
    child.kill("SIGTERM");
  });
}

/** Resident and peak memory of a process, in MB. */
export function memory(child: ChildProcess): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

const CLOCK_TICK_MS = 10; // Linux's USER_HZ is 100 on every architecture Node runs on

/** A process's CPU time so far (user + system, all threads: zlib and PGlite included). */
export function cpuMs(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // after the command name, field 3 on
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS; // utime, stime (fields 14 and 15)
}
