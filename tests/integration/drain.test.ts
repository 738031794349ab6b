import { randomUUID } from "node:crypto";
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accepts } from "../support/caddy";
import { chatMember, openStream, SITE_ID, type ChatMember } from "../support/chat-instances";
import { freshDatabaseUrl } from "../support/databases";
import type { EventStream } from "../support/event-stream";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

/**
 * An instance that is told to stop (what SIGTERM does, docs/decisions/053) drains: unready while
 * it still answers, then no new connections; the request under way is answered, and open event
 * streams are told to come back soon, elsewhere.
 */
describe("a stopping instance", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let a: ChatMember;
  let b: ChatMember;
  let stream: EventStream | undefined;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    // Long enough to ask /readyz while it still answers; the test waits for the refusal, not the time.
    server = await startTestServer({ databaseUrl: database.url, env: { SHUTDOWN_NOTICE_MS: "2000" } });
    a = await chatMember(server, { premiumCredits: 100 });
    b = await chatMember(server);
  });

  afterAll(async () => {
    stream?.close();
    await server?.stop();
    await drop?.();
  });

  it("answers what it was asked, refuses new connections, and tells its event streams to reconnect", async () => {
    const host = `${SITE_ID}.localhost:${server.port}`;
    stream = openStream(server, b);
    await stream.opened();
    await stream.until(() => stream!.reconnectDelayMs === 3_000, { what: "the stream's own retry delay" });

    // A message on its way in: the headers and half the body before the stop, the rest after.
    const body = JSON.stringify({ profile: b.profileId, client_id: randomUUID(), body: "Nog even dit" });
    const arrived = new Promise<void>((resolve) => {
      const listener = (incoming: IncomingMessage) => {
        if (incoming.url !== "/api/chat.php") return;
        server.server.off("request", listener);
        resolve();
      };
      server.server.on("request", listener);
    });
    const { request, answer } = sendSlowly(server.port, host, "/api/chat.php", { cookie: a.cookie, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
    request.write(body.slice(0, 20));
    await arrived;

    const stopped = server.stop();
    const ready = await requestAs(server.port, host, "/readyz");
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: "draining" });
    expect(ready.headers.connection).toBe("close");

    await waitUntil(
      () => accepts(server.port),
      (open) => !open,
    );
    // The stream heard to come back within two seconds (another instance, through the proxy), and ended.
    await stream.until(() => stream!.reconnectDelayMs < 2_000 && stream!.connections > 1, { what: "the reconnect hint" });
    expect(stream.reconnectDelayMs).toBeGreaterThanOrEqual(500);

    request.end(body.slice(20));
    const sent = await answer;
    expect(sent.status).toBe(200);
    expect(sent.headers.connection).toBe("close");
    expect((JSON.parse(sent.body) as { message: { body: string } }).message.body).toBe("Nog even dit");
    await stopped;
  });
});

/** A POST whose body the test sends when it chooses (request.write, request.end). */
function sendSlowly(port: number, host: string, pathname: string, headers: Record<string, string>): { request: ClientRequest; answer: Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }> } {
  let request!: ClientRequest;
  const answer = new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
    request = httpRequest({ host: "127.0.0.1", port, path: pathname, method: "POST", headers: { host, ...headers }, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    request.on("error", reject);
  });
  request.flushHeaders();
  return { request, answer };
}
