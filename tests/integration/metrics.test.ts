import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "../../server/jobs/queue";
import { createMember, sessionCookie, uniqueEmail } from "../support/accounts";
import { EventStream } from "../support/event-stream";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, one sample a line (no label value here holds a quote or a comma). */
function parseSamples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const BRAND = "flirt-nl";
const HOST = `${BRAND}.localhost`;

describe("Prometheus metrics on the internal port", () => {
  let server: TestServer;
  let member: Awaited<ReturnType<typeof createMember>>;
  let cookie: string;
  let stream: EventStream;
  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    return { text, samples: parseSamples(text) };
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted)).reduce((sum, sample) => sum + sample.value, 0);

  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_PORT: "0" } });
    member = await createMember(server, { siteId: BRAND, email: uniqueEmail("metrics"), name: "Metricsname" });
    cookie = (await sessionCookie(server, { siteId: BRAND, accountId: member.accountId })).header;
  });

  afterAll(async () => {
    stream?.close();
    await server?.stop();
  });

  it("counts requests by route id, brand and status, with latency buckets, and no path, address or member in any label", async () => {
    for (let i = 0; i < 3; i += 1) expect((await requestAs(server.port, HOST, "/api/user.php", { cookie })).status).toBe(200);
    // A page Remix renders once and the page cache serves next: both named by its route.
    expect((await requestAs(server.port, HOST, "/")).status).toBe(200);
    expect((await requestAs(server.port, HOST, "/")).headers["x-page-cache"]).toBe("hit");
    // A member's page by a member id in the path: named by its route, never the path.
    await requestAs(server.port, HOST, `/members/${member.profileId}`, { cookie });
    expect((await requestAs(server.port, HOST, `/no-such-page/${member.accountId}`)).status).toBe(404);
    expect((await requestAs(server.port, "nobody.example", "/")).status).toBe(404);
    expect((await requestAs(server.port, HOST, "/healthz")).status).toBe(200);
    expect((await requestAs(server.port, HOST, `/media/${member.email}.jpg`)).status).toBe(404);

    const { text, samples } = await scrape();
    const count = "amora_http_request_duration_seconds_count";
    expect(value(samples, count, { route: "api-user", brand: BRAND, method: "GET", status: "200" })).toBe(3);
    expect(value(samples, count, { route: "index", brand: BRAND, status: "200" })).toBe(2);
    expect(value(samples, count, { route: "members-id", brand: BRAND })).toBe(1);
    // The splat route that answers 404 for any other path.
    expect(value(samples, count, { route: "not-found", brand: BRAND, status: "404" })).toBe(1);
    expect(value(samples, count, { route: "unknown-host", brand: "none", status: "404" })).toBe(1);
    expect(value(samples, count, { route: "healthz" })).toBe(1);
    expect(value(samples, count, { route: "photo", brand: BRAND, status: "404" })).toBe(1);

    // Cumulative buckets up to +Inf, which holds every request.
    const buckets = samples.filter((sample) => sample.name === "amora_http_request_duration_seconds_bucket" && sample.labels.route === "api-user");
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual(["0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"]);
    expect(buckets.at(-1)!.value).toBe(3);
    expect(buckets.every((bucket, index) => index === 0 || bucket.value >= buckets[index - 1]!.value)).toBe(true);

    // Every route label is a route id of the build or one of the fixed names; no label holds anything the visitor sent.
    const build = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as ServerBuild;
    const fixed = ["static", "console", "unknown-host", "photo", "refused", "healthz", "readyz", "tls-allowed", "locales", "remix"];
    for (const sample of samples.filter((sample) => sample.labels.route !== undefined)) expect([...Object.keys(build.routes), ...fixed]).toContain(sample.labels.route);
    for (const secret of [member.email, "Metricsname", "/members/", "no-such-page", "nobody.example", "127.0.0.1"]) expect(text).not.toContain(secret);
    const ours = samples.filter((sample) => !sample.name.startsWith("amora_nodejs_") && !sample.name.startsWith("amora_process_"));
    for (const labelValue of ours.flatMap((sample) => Object.entries(sample.labels).filter(([name]) => name !== "le").map(([, labelValue]) => labelValue))) {
      expect(labelValue).toMatch(/^[a-z][a-z0-9-]*$|^\d{3}$|^[A-Z]+$/);
      expect([String(member.profileId), String(member.accountId)]).not.toContain(labelValue);
    }
  });

  it("has Node's metrics, the event streams open, the queues' depth and age, payments by state and ledger writes", async () => {
    stream = new EventStream({ port: server.port, host: HOST, path: "/api/events", headers: { cookie } });
    await stream.opened();
    // The queues hold still while their workers are stopped: a job due a minute ago and a mail queued two minutes ago wait.
    await server.services.jobs.stop();
    await server.services.mailer.stop();
    await enqueueJob(server.store.db, { kind: "metrics-test", runAt: new Date(Date.now() - 60_000) });
    await server.store.db
      .insertInto("mail_outbox")
      .values({ site_id: BRAND, account_id: member.accountId, kind: "metrics-test", message: JSON.stringify({ subject: "test" }), created_at: sql<Date>`now() - interval '2 minutes'` })
      .execute();
    await server.store.db
      .insertInto("payments")
      .values({ site_id: BRAND, account_id: member.accountId, package: "p1", credits: 120, amount: 1995, currency: "EUR", method: "ideal", provider: "test", order_key: "metrics-order", status: "pending", expires_at: new Date(Date.now() + 3_600_000) })
      .execute();

    const { samples } = await waitUntil(scrape, ({ samples }) => value(samples, "amora_event_streams_open") === 1);
    expect(value(samples, "amora_job_queue_depth")).toBeGreaterThanOrEqual(1);
    expect(value(samples, "amora_job_queue_age_seconds")).toBeGreaterThanOrEqual(59);
    expect(value(samples, "amora_mail_queue_depth")).toBeGreaterThanOrEqual(1);
    expect(value(samples, "amora_mail_queue_age_seconds")).toBeGreaterThanOrEqual(119);
    expect(value(samples, "amora_payments", { brand: BRAND, state: "pending" })).toBe(1);
    // The member's signup credits went through the ledger.
    expect(value(samples, "amora_ledger_writes_total", { brand: BRAND, reason: "signup" })).toBeGreaterThanOrEqual(1);
    expect(samples.some((sample) => sample.name === "amora_bus_reconnects_total")).toBe(true);
    // Node's own, with the event loop's delay.
    expect(value(samples, "amora_nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === "amora_process_cpu_user_seconds_total")).toBe(true);
  });

  it("never answers on the brands' port", async () => {
    for (const host of [HOST, `127.0.0.1:${server.port}`]) {
      const answer = await requestAs(server.port, host, "/metrics");
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain("amora_http_request_duration_seconds");
    }
  });
});
