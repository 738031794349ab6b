import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { LogEvent } from "kysely";
import webpush from "web-push";
import { readEnv } from "../../server/env";
import type { Logger } from "../../server/log";
import { startServer } from "../../server/start";
import { freshDataDir } from "./databases";
import { copyDemoSites } from "./site-fixtures";

export type TestServer = Awaited<ReturnType<typeof startServer>> & {
  sitesDir: string;
  dataDir: string;
  origin: (siteId: string) => string;
  /** The support console's origin: http://support.localhost:<port>. */
  consoleOrigin: string;
};

/** The support console's host in tests (SUPPORT_HOST's default outside production). */
export const CONSOLE_HOST = "support.localhost";

/**
 * The built app (npm run build) served in this process on a free port, with a private copy of the
 * demo brands and its own data: PGlite in a temp folder, or a fresh database on DATABASE_URL.
 */
export async function startTestServer(
  options: {
    sitesDir?: string;
    databaseUrl?: string;
    dataDir?: string;
    log?: Logger;
    /** Another Redis than REDIS_URL (a private redis-server a test stops and starts). */
    redisUrl?: string;
    /** Instances that must share events share a prefix; each server gets its own otherwise. */
    redisPrefix?: string;
    /** More environment settings (a small limit a test wants to reach, say). */
    env?: Record<string, string>;
    /** Hears every statement the server's store sends (see queryTrace). */
    onQuery?: (event: LogEvent) => void;
  } = {},
): Promise<TestServer> {
  const sitesDir = options.sitesDir ?? (await copyDemoSites());
  const dataDir = options.dataDir ?? (await freshDataDir("data", options.databaseUrl));
  const env = readEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITES_DIR: sitesDir,
    LOG_LEVEL: "silent",
    // Tests play many visitors from 127.0.0.1 with X-Forwarded-For (visitorIp) and a country header.
    TRUST_PROXY: "loopback",
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl ?? process.env.REDIS_URL,
    // Rate limits and channels of one test server never meet another's (or an earlier run's).
    REDIS_PREFIX: options.redisPrefix ?? testRedisPrefix(),
    ...options.env,
  });
  const build = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as ServerBuild;
  // Payment secrets (TEST_PAYMENTS_SECRET, …) a test names in env reach the providers as the environment would.
  const secrets = { ...process.env, ...options.env };
  const consoleBuild = (await import(/* @vite-ignore */ path.resolve("build/console/server/index.js"))) as ServerBuild;
  const running = await startServer({
    env,
    build,
    clientDir: path.resolve("build/client"),
    console: { build: consoleBuild, clientDir: path.resolve("build/console/client") },
    log: options.log,
    secrets,
    onQuery: options.onQuery,
  });
  return { ...running, sitesDir, dataDir, origin: (siteId) => `http://${siteId}.localhost:${running.port}`, consoleOrigin: `http://${CONSOLE_HOST}:${running.port}` };
}

/** A Redis prefix no other test server (or earlier run) uses. */
/** What production requires before it starts: fresh session secrets, a push key pair and the IBAN key of the direct-debit brands. */
export function productionSecrets(): { SESSION_SECRETS: string; VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string; IBAN_KEY: string } {
  const vapid = webpush.generateVAPIDKeys();
  return { SESSION_SECRETS: randomBytes(32).toString("hex"), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, IBAN_KEY: randomBytes(32).toString("base64") };
}

export const testRedisPrefix = () => `amora-test-${randomBytes(4).toString("hex")}:`;

export type PlainResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request with a chosen Host header (fetch does not allow one), for brand resolution tests. */
export function requestAs(
  port: number,
  host: string,
  pathname: string,
  headers: Record<string, string> = {},
  { method = "GET", body, localAddress }: { method?: string; body?: string; /** Another loopback address to send from, such as 127.0.0.2. */ localAddress?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    // An explicit length: Node sends a DELETE body without one, which the server cannot frame.
    const length: Record<string, string> = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const req = httpRequest({ host: "127.0.0.1", port, localAddress, path: pathname, method, headers: { host, ...length, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A made-up client address, so each simulated visitor has its own rate limits. */
export function visitorIp(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}
