import { randomBytes, randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { Agent } from "node:https";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { startCaddy, type Caddy } from "../support/caddy";
import { chatMember, realStores, type ChatMember } from "../support/chat-instances";
import { freshDatabaseUrl } from "../support/databases";
import { EventStream } from "../support/event-stream";
import { allowTestPayments, copyDemoSites } from "../support/site-fixtures";
import { productionSecrets, requestAs, startTestServer, testRedisPrefix } from "../support/test-server";
import { waitUntil } from "../support/wait";

const DOMAIN = "flirtnl.example";
/** How long SIGTERM may take to end an instance: SHUTDOWN_GRACE_MS's default, which the instances keep. */
const GRACE_MS = 8_000;

/**
 * A deployment as deploy/Caddyfile fronts it (issue 21 item 3): Debian's Caddy with its own CA, two
 * instances of the built app (`node build/server.js`, production's rules) on this machine's
 * PostgreSQL and Redis. Brand domains get certificates and reach their brand, chat crosses
 * instances, and an instance stopped under load (SIGTERM, a rolling deploy) fails no request.
 */
describe("two instances behind Caddy", () => {
  let drop: () => Promise<void>;
  let sitesDir: string;
  let instances: AppProcess[] = [];
  let caddy: Caddy;
  let a: ChatMember;
  let b: ChatMember;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    const { redisUrl } = realStores();
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const redisPrefix = testRedisPrefix();
    sitesDir = await copyDemoSites();
    await allowTestPayments(sitesDir);
    const secrets = productionSecrets();
    // Members and their sessions are made here, by a server on the same stores and secrets, then it goes.
    const maker = await startTestServer({ databaseUrl: database.url, redisUrl, redisPrefix, sitesDir, env: { SESSION_SECRETS: secrets.SESSION_SECRETS } });
    try {
      a = await chatMember(maker, { premiumCredits: 1_000 });
      b = await chatMember(maker);
    } finally {
      await maker.stop();
    }
    const env = {
      NODE_ENV: "production",
      ...secrets,
      TEST_PAYMENTS_SECRET: randomBytes(32).toString("hex"),
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      SITES_DIR: sitesDir,
      DATA_DIR: maker.dataDir,
      TRUST_PROXY: "loopback",
      COMPRESSION: "off",
      LOG_LEVEL: "info",
    };
    instances = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    caddy = await startCaddy({ upstreams: instances.map((instance) => instance.port), askPort: instances[0]!.port });
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await caddy?.stop();
    await Promise.all(instances.map((instance) => instance.kill()));
    await drop?.();
  });

  const send = (instance: AppProcess, body: string) =>
    requestAs(instance.port, DOMAIN, "/api/chat.php", { cookie: a.cookie, "content-type": "application/json" }, { method: "POST", body: JSON.stringify({ profile: b.profileId, client_id: randomUUID(), body }) });
  const messagesOn = (stream: EventStream) => stream.messages<{ body: string }>().map((event) => event.message.body);

  it("serves each brand's domain from either instance, with a certificate for that name", async () => {
    expect(await caddy.certificateFor(DOMAIN)).toEqual([DOMAIN]);
    expect(await caddy.certificateFor("www.himmatch.example")).toEqual(["www.himmatch.example"]);
    // Round robin: consecutive requests go to one instance, then the other.
    for (let round = 0; round < 2; round += 1) {
      const page = await caddy.request(DOMAIN, "/pages/terms");
      expect(page.status).toBe(200);
      expect(page.body).toContain('<html lang="nl"');
      expect((await caddy.request("www.himmatch.example", "/")).body).toContain("HimMatch");
    }
  });

  it("gets no certificate for a name no brand lists", async () => {
    expect(await caddy.certificateFor("unknown.example")).toBeInstanceOf(Error);
  });

  it("gets one for a domain added to a brand's file, without a restart", async () => {
    const file = path.join(sitesDir, "gay-uk.json");
    const settings = JSON.parse(await readFile(file, "utf8")) as { domains: string[] };
    await writeFile(file, JSON.stringify({ ...settings, domains: [...settings.domains, "himmatch-added.example"] }, null, 2));
    for (const instance of instances) {
      await waitUntil(
        () => requestAs(instance.port, `127.0.0.1:${instance.port}`, "/internal/tls-allowed?domain=himmatch-added.example"),
        (answer) => answer.status === 200,
      );
    }
    expect(await caddy.certificateFor("himmatch-added.example")).toEqual(["himmatch-added.example"]);
    expect((await caddy.request("himmatch-added.example", "/")).body).toContain("HimMatch");
  });

  it("delivers a message sent through one instance to a member's stream on the other", async () => {
    const [one, two] = instances as [AppProcess, AppProcess];
    const stream = new EventStream({ port: two.port, host: DOMAIN, headers: { cookie: b.cookie } });
    streams.push(stream);
    await stream.opened();
    const sent = await send(one, "Hoi van de andere kant");
    expect(sent.status).toBe(200);
    await stream.until(() => messagesOn(stream).includes("Hoi van de andere kant"), { what: "the message over Redis" });
    stream.close();
  });

  it("loses no request while an instance is stopped under load, and its event streams move to the other", async () => {
    const [one, two] = instances as [AppProcess, AppProcess];
    const ca = await caddy.rootCertificate();
    // Four tabs of member B through the proxy, opened one after the other: round robin puts two on each instance.
    for (let tab = 0; tab < 4; tab += 1) {
      const stream = new EventStream({ port: caddy.ports.https, host: DOMAIN, headers: { cookie: b.cookie }, tls: { ca } });
      streams.push(stream);
      await stream.opened();
    }
    const tabs = streams.slice(-4);

    // Four visitors as browsers are: connections kept alive to the proxy, a page, a member's call and a member's write in turn.
    const agent = new Agent({ keepAlive: true, maxSockets: 4, ca });
    const failures: string[] = [];
    let answered = 0;
    let loading = true;
    const calls: { pathname: string; status: number; method?: string; body?: string; headers?: Record<string, string> }[] = [
      { pathname: "/", status: 200 },
      { pathname: "/api/user.php", headers: { cookie: a.cookie }, status: 200 },
      // A write, which the proxy may not send twice: it must never meet a connection closing under it.
      { pathname: "/api/page-hidden.php", method: "POST", body: "{}", headers: { cookie: a.cookie, "content-type": "application/json" }, status: 204 },
    ];
    const visitor = async (index: number) => {
      for (let turn = 0; loading; turn += 1) {
        const { pathname, status, ...request } = calls[(index + turn) % calls.length]!;
        try {
          const answer = await caddy.request(DOMAIN, pathname, { ...request, agent });
          if (answer.status === status) answered += 1;
          else failures.push(`${pathname}: ${answer.status} ${answer.body.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${pathname}: ${(error as Error).message}`);
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(visitor));
    try {
      // A failure ends a wait early: the assertion below then names it.
      await waitUntil(
        async () => answered,
        (count) => count >= 40 || failures.length > 0,
      );
      const servedBefore = completedRequests(two);
      const signalledAt = performance.now();
      two.signal("SIGTERM");
      const exit = await within(two.exited, GRACE_MS + 5_000, "the stopped instance's exit");
      const afterExit = answered;
      await waitUntil(
        async () => answered,
        (count) => count >= afterExit + 40 || failures.length > 0,
      );
      loading = false;
      await load;

      expect(failures).toEqual([]);
      expect(servedBefore).toBeGreaterThan(0);
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.at - signalledAt).toBeLessThan(GRACE_MS);
      expect(two.output()).toContain('"msg":"drained: exiting"');
    } finally {
      loading = false;
      await load;
      agent.destroy();
    }

    // The tabs that were on the stopped instance come back through the proxy, on the other, and hear what is sent.
    await waitUntil(
      async () => tabs.filter((stream) => stream.connections > 1).length,
      (moved) => moved > 0,
    );
    for (const stream of tabs) await stream.opened();
    const sent = await send(one, "Nog steeds hier");
    expect(sent.status).toBe(200);
    for (const stream of tabs) await stream.until(() => messagesOn(stream).includes("Nog steeds hier"), { what: "the message after the deploy" });
  });
});

/** Requests an instance has logged as answered. */
function completedRequests(instance: AppProcess): number {
  return instance.output().split("\n").filter((line) => line.includes('"msg":"request completed"')).length;
}

/** The promise's value, or a failure naming what did not come in time. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not come within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
