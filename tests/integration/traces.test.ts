import { spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie, uniqueEmail } from "../support/accounts";
import { startOtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";
import { copyDemoSites } from "../support/site-fixtures";
import { requestAs, startTestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

const BRAND = "flirt-nl";
const HOST = `${BRAND}.localhost`;
const SERVER_KIND = 2;

/** The port the production entry says it listens on (its log line), once it does. */
function listeningPort(stdout: Readable): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const port = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output)?.[1];
      if (port) resolve(Number(port));
    });
    stdout.once("end", () => reject(new Error(`the server ended before listening:\n${output}`)));
  });
}

/** The span's ancestors in its trace, nearest first. */
function ancestors(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  for (let parent = spans.find((each) => each.spanId === span.parentSpanId); parent; parent = spans.find((each) => each.spanId === parent!.parentSpanId)) chain.push(parent);
  return chain;
}

describe("OpenTelemetry traces", () => {
  const receiver = startOtlpReceiver();
  afterAll(async () => (await receiver).close());

  it("spans each request, its loaders and its SQL statements, and carries nothing personal", async () => {
    const otlp = await receiver;
    const server = await startTestServer({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint } });
    const member = await createMember(server, { siteId: BRAND, email: uniqueEmail("traced"), name: "Tracedname" });
    const cookie = (await sessionCookie(server, { siteId: BRAND, accountId: member.accountId })).header;
    expect((await requestAs(server.port, HOST, "/api/user.php", { cookie, "x-forwarded-for": "10.9.8.7" })).status).toBe(200);
    expect((await requestAs(server.port, HOST, "/members", { cookie })).status).toBe(200);
    // Stopping sends the spans still waiting.
    await server.stop();
    const spans = await waitUntil(
      async () => otlp.spans,
      (spans) => ["GET api-user", "GET members"].every((name) => spans.some((span) => span.name === name && span.kind === SERVER_KIND)),
    );
    expect(otlp.contentTypes.every((type) => type.startsWith("application/json"))).toBe(true);

    const request = spans.find((span) => span.name === "GET api-user")!;
    expect(request.parentSpanId).toBeUndefined();
    expect(request.attributes).toMatchObject({ "http.route": "api-user", "http.request.method": "GET", "http.response.status_code": 200, "amora.brand": BRAND });
    const trace = spans.filter((span) => span.traceId === request.traceId);
    expect(trace.find((span) => span.name === "loader api-user")?.parentSpanId).toBe(request.spanId);
    // The session's lookup, before any loader runs, is the request's too.
    const lookup = trace.filter((span) => span.attributes["db.query.text"] !== undefined);
    expect(lookup.length).toBeGreaterThan(0);
    for (const statement of lookup) expect(statement.parentSpanId).toBe(request.spanId);

    // A page: the root's and the search page's loaders, each a child of the request, and their statements under them.
    const page = spans.find((span) => span.name === "GET members")!;
    const pageTrace = spans.filter((span) => span.traceId === page.traceId);
    const loaders = pageTrace.filter((span) => span.name.startsWith("loader "));
    expect(loaders.map((span) => span.name)).toEqual(expect.arrayContaining(["loader root", "loader members"]));
    for (const loader of loaders) expect(loader.parentSpanId).toBe(page.spanId);
    const statements = pageTrace.filter((span) => span.attributes["db.query.text"] !== undefined);
    for (const statement of statements) expect(ancestors(statement, pageTrace)).toContain(page);
    const searchLoader = loaders.find((span) => span.name === "loader members")!;
    expect(statements.filter((statement) => statement.parentSpanId === searchLoader.spanId).length).toBeGreaterThan(0);
    // Values travel apart from the statement: placeholders, never the member's id.
    expect(statements.some((statement) => String(statement.attributes["db.query.text"]).includes("$1"))).toBe(true);

    const sent = otlp.bodies.join("\n");
    for (const secret of [member.email, "Tracedname", cookie.split("=")[1]!, "10.9.8.7", "/members/", "/api/user.php", HOST]) expect(sent).not.toContain(secret);
    for (const span of spans) {
      for (const [key, attribute] of Object.entries(span.attributes)) {
        if (key !== "db.query.text") expect([String(member.profileId), String(member.accountId)]).not.toContain(String(attribute));
      }
    }
  });

  // Starting the built entry in a process of its own (migrating a new embedded store) takes 10 s on a busy machine.
  it("loads nothing of OpenTelemetry and sends nothing when no collector is named", { timeout: 120_000 }, async () => {
    const otlp = await receiver;
    const before = otlp.bodies.length;
    const folder = await mkdtemp(path.join(tmpdir(), "amora-untraced-"));
    const importsFile = path.join(folder, "imports.txt");
    const { DATABASE_URL: _database, REDIS_URL: _redis, OTEL_EXPORTER_OTLP_ENDPOINT: _endpoint, ...environment } = process.env;
    // The production entry, as deployed, with every module it imports written down.
    const child = spawn(process.execPath, ["--import", "./tests/support/record-imports.mjs", "build/server.js"], {
      env: {
        ...environment,
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: path.join(folder, "data"),
        SITES_DIR: await copyDemoSites(),
        DEMO_MEMBERS: "0",
        LOG_LEVEL: "info",
        IMPORTS_FILE: importsFile,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const port = await listeningPort(child.stdout);
      expect((await requestAs(port, HOST, "/api/user.php")).status).toBe(403);
      expect((await requestAs(port, HOST, "/")).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    const imported = (await readFile(importsFile, "utf8")).split("\n");
    // The record works: the server's own packages are in it.
    expect(imported.some((url) => url.includes("/node_modules/express/"))).toBe(true);
    expect(imported.some((url) => url.includes("/node_modules/@remix-run/"))).toBe(true);
    expect(imported.filter((url) => url.includes("@opentelemetry"))).toEqual([]);
    expect(otlp.bodies.length).toBe(before);
  });
});
