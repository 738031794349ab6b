import { request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const HOST = `${SITE}.localhost`;

describe("chat over HTTP: /api/chat.php, /api/chats.php, /api/typing.php and the event stream", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function signedIn(name: string, options: { confirmed?: boolean } = {}) {
    const created = await createMember(server, { siteId: SITE, name, ...options });
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: created.accountId })).header;
    const call = (method: string, pathname: string, body?: unknown) =>
      requestAs(
        server.port,
        HOST,
        pathname,
        { cookie, "content-type": "application/json", "accept-language": "nl" },
        { method, body: body === undefined ? undefined : JSON.stringify(body) }
      );
    return { ...created, cookie, call };
  }

  /** An open event stream, collecting the events it carries. */
  function openStream(cookie: string): Promise<{ events: { id?: string; event: string; data: unknown }[]; response: IncomingMessage; close: () => void }> {
    return new Promise((resolve, reject) => {
      const events: { id?: string; event: string; data: unknown }[] = [];
      const req = httpRequest(
        { host: "127.0.0.1", port: server.port, path: "/api/events", headers: { host: HOST, cookie, accept: "text/event-stream" } },
        (response) => {
          let buffer = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const fields = Object.fromEntries(frame.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]));
              if (fields.event) events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? "null") });
            }
          });
          resolve({ events, response, close: () => req.destroy() });
        }
      );
      req.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
      req.end();
    });
  }

  async function until<T>(read: () => T | undefined, ms = 3_000): Promise<T> {
    const start = Date.now();
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() - start > ms) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("delivers a sent message to the receiver's open stream at once, uncompressed, with its id", async () => {
    const ann = await signedIn("Ann");
    const bob = await signedIn("Bob");
    const stream = await openStream(bob.cookie);
    expect(stream.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers["content-encoding"]).toBeUndefined();

    const sent = await ann.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "ann-first-message", body: "Hoi Bob!" });
    expect(sent.status).toBe(200);
    const { message, credits } = JSON.parse(sent.body) as { message: { id: number; conversation_id: number }; credits: number };
    expect(credits).toBe(10);
    const event = await until(() => stream.events.find((each) => each.event === "message"));
    expect(event).toMatchObject({ id: String(message.id), data: { type: "message", unread: 1, message: { body: "Hoi Bob!", sender: ann.profileId } } });

    const chats = JSON.parse((await bob.call("GET", "/api/chats.php")).body) as { chats: unknown[] };
    expect(chats.chats).toEqual([
      expect.objectContaining({
        conversation: { id: message.conversation_id },
        profile: expect.objectContaining({ id: ann.profileId, name: "Ann" }),
        num_unread_messages: 1,
      }),
    ]);

    // Typing reaches the other side, throttled; reading tells the sender.
    const annStream = await openStream(ann.cookie);
    expect((await bob.call("POST", "/api/typing.php", { conversation: message.conversation_id })).status).toBe(204);
    await until(() => annStream.events.find((each) => each.event === "typing"));
    expect((await bob.call("PUT", "/api/chat.php", { conversation: message.conversation_id })).status).toBe(200);
    const read = await until(() => annStream.events.find((each) => each.event === "read"));
    expect(read.data).toEqual({ type: "read", conversation_id: message.conversation_id, read_through: message.id });
    expect(await until(() => stream.events.find((each) => each.event === "counts"))).toMatchObject({ data: { unread_messages: 0 } });
    stream.close();
    annStream.close();
  });

  it("answers refusals in the visitor's language with a status, and a retry with the same id once", async () => {
    const ann = await signedIn("Ann");
    const bob = await signedIn("Bob");
    await server.store.db.updateTable("accounts").set({ credits: 15 }).where("id", "=", ann.accountId).execute();
    const first = await ann.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "retry-me-please", body: "Een" });
    const retry = await ann.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "retry-me-please", body: "Een" });
    expect(JSON.parse(retry.body)).toMatchObject({ duplicate: true, credits: 5, message: { id: JSON.parse(first.body).message.id } });

    const short = await ann.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "one-too-many", body: "Twee" });
    expect(short.status).toBe(402);
    expect(JSON.parse(short.body)).toMatchObject({ error: "insufficient_credits", message: "Je hebt onvoldoende credits", credits: 5 });

    const nina = await signedIn("Nina", { confirmed: false });
    const unconfirmed = await nina.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "nina-says-hi", body: "Hoi" });
    expect(unconfirmed.status).toBe(403);
    expect(JSON.parse(unconfirmed.body)).toMatchObject({ error: "confirm_email" });
    expect((await ann.call("POST", "/api/chat.php", { client_id: "no-target-here", body: "Hoi" })).status).toBe(400);
  });

  it("removes a conversation for the member only, and refuses others' conversations", async () => {
    const ann = await signedIn("Ann");
    const bob = await signedIn("Bob");
    const eve = await signedIn("Eve");
    const sent = JSON.parse((await ann.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "ann-to-bob-1", body: "Hoi" })).body) as {
      message: { conversation_id: number };
    };
    const conversation = sent.message.conversation_id;
    expect((await eve.call("DELETE", `/api/chat.php?conversation=${conversation}`)).status).toBe(404);
    expect((await bob.call("DELETE", "/api/chat.php", { conversation })).status).toBe(200);
    expect(JSON.parse((await bob.call("GET", "/api/chats.php")).body)).toEqual({ chats: [] });
    expect(JSON.parse((await ann.call("GET", "/api/chats.php")).body).chats).toHaveLength(1);
  });

  it("asks visitors to sign in", async () => {
    expect((await requestAs(server.port, HOST, "/api/events")).status).toBe(403);
    expect(JSON.parse((await requestAs(server.port, HOST, "/api/chats.php")).body)).toEqual({ data: "authentication_required" });
  });
});
