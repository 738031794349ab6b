import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROTLI_PARAMS, COMPRESSION_THRESHOLD, dynamicCompression, GZIP_LEVEL } from "../../server/http/compression";
import { sendResponse, WRITE_SIZE } from "../../server/http/remix-handler";
import { createMember, sessionCookie } from "../support/accounts";
import { startTestServer, type TestServer } from "../support/test-server";

const HOST = "flirt-nl.localhost";

type RawResponse = { status: number; headers: IncomingMessage["headers"]; wire: Buffer };

/** A GET whose body is kept as it came over the wire (still compressed). */
function getRaw(port: number, pathname: string, headers: Record<string, string> = {}, host = HOST): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: pathname, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Counts the server's socket writes (each batch a corked socket hands the system), to see how many pieces an answer went out in. */
function countWrites(server: Server): { reset: () => void; count: () => number } {
  let writes = 0;
  server.on("connection", (socket: Socket) => {
    const internals = socket as unknown as Record<"_write" | "_writev", (...args: unknown[]) => void>;
    for (const method of ["_write", "_writev"] as const) {
      const original = internals[method].bind(socket);
      internals[method] = (...args) => ((writes += 1), original(...args));
    }
  });
  return { reset: () => void (writes = 0), count: () => writes };
}

/** The first hashed asset the build compressed, with its twins. */
async function compressedAsset(): Promise<string> {
  const dir = path.resolve("build/client/assets");
  const names = await readdir(dir);
  const name = names.find((file) => file.endsWith(".js") && names.includes(`${file}.br`) && names.includes(`${file}.gz`));
  if (!name) throw new Error("no compressed asset in build/client/assets: run npm run build");
  return name;
}

describe("compression through the HTTP server", () => {
  let server: TestServer;
  let writes: ReturnType<typeof countWrites>;

  beforeAll(async () => {
    server = await startTestServer();
    writes = countWrites(server.server);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("sends a page under br in one pass: as small as compressing it whole, in a few writes", async () => {
    writes.reset();
    const page = await getRaw(server.port, "/", { "accept-encoding": "br" });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers.vary).toMatch(/Accept-Encoding/i);
    const html = brotliDecompressSync(page.wire);
    expect(html.toString("utf8")).toContain("<title>FlirtNL");
    const whole = brotliCompressSync(html, { params: BROTLI_PARAMS });
    // Flushed per React chunk it went out in ~2 KiB blocks, a write each, and larger.
    expect(page.wire.length).toBeLessThanOrEqual(whole.length + 16);
    expect(writes.count()).toBeLessThanOrEqual(3);
  });

  it("sends a member's page, larger than zlib's default piece, in one write as it is and two under br", async () => {
    const site = server.sites.byId("flirt-nl")!;
    const member = await createMember(server, { siteId: site.id, name: "Writes" });
    const cookie = (await sessionCookie(server, { siteId: site.id, accountId: member.accountId })).header;
    // Compressed, its length is not known up front: the chunked body's ending is a write of its own.
    for (const [encoding, expectedWrites] of [["br", 2], ["identity", 1]] as const) {
      writes.reset();
      const page = await getRaw(server.port, "/members", { "accept-encoding": encoding, cookie });
      expect(page.status).toBe(200);
      const html = encoding === "br" ? brotliDecompressSync(page.wire) : page.wire;
      expect(html.toString("utf8")).toContain("</html>");
      expect(encoding === "br" ? html.length : page.wire.length, "a page larger than one piece, so this can fail").toBeGreaterThan(16 * 1024);
      expect(writes.count(), encoding).toBe(expectedWrites);
    }
  });

  it("sends a page under gzip as small as gzip of the whole page (no full flushes)", async () => {
    const page = await getRaw(server.port, "/pages/terms", { "accept-encoding": "gzip, deflate" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(page.wire);
    expect(page.wire.length).toBeLessThanOrEqual(gzipSync(html, { level: GZIP_LEVEL }).length + 16);
  });

  it("sends a Remix answer under the threshold as it is, with its length", async () => {
    const answer = await getRaw(server.port, "/api/user.php", { "accept-encoding": "br, gzip" });
    expect(answer.wire.length).toBeGreaterThan(0);
    expect(answer.wire.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe(String(answer.wire.length));
  });

  it("sends the event stream uncompressed to a client that accepts br, each event at once", async () => {
    const site = server.sites.byId("flirt-nl")!;
    const ann = await createMember(server, { siteId: site.id, name: "Ann" });
    const bob = await createMember(server, { siteId: site.id, name: "Bob" });
    const bobCookie = (await sessionCookie(server, { siteId: site.id, accountId: bob.accountId })).header;
    const annCookie = (await sessionCookie(server, { siteId: site.id, accountId: ann.accountId })).header;
    let text = "";
    let stream!: IncomingMessage;
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path: "/api/events", headers: { host: HOST, cookie: bobCookie, accept: "text/event-stream", "accept-encoding": "br, gzip" } });
    await new Promise<void>((resolve, reject) => {
      req.on("response", (response) => {
        stream = response;
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        resolve();
      });
      req.on("error", reject);
      req.end();
    });
    try {
      expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(stream.headers["content-encoding"]).toBeUndefined();
      await until(() => text.includes("retry:"));
      const sent = await new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ profile: bob.profileId, client_id: "compression-test-1", body: "Hoi Bob!" });
        const post = httpRequest(
          { host: "127.0.0.1", port: server.port, path: "/api/chat.php", method: "POST", headers: { host: HOST, cookie: annCookie, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } },
          (res) => (res.resume(), resolve(res.statusCode ?? 0)),
        );
        post.on("error", reject);
        post.end(body);
      });
      expect(sent).toBe(200);
      // The stream stays open: the event arrived on its own, not with the end of the answer.
      await until(() => text.includes("Hoi Bob!"));
      expect(stream.complete).toBe(false);
    } finally {
      req.destroy();
    }
  });

  it("serves a hashed asset from its .br file, and from .gz or as it is to other clients", async () => {
    const name = await compressedAsset();
    const dir = path.resolve("build/client/assets");
    const brotli = await getRaw(server.port, `/assets/${name}`, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.wire.equals(await readFile(path.join(dir, `${name}.br`)))).toBe(true);

    const gzip = await getRaw(server.port, `/assets/${name}`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.wire.equals(await readFile(path.join(dir, `${name}.gz`)))).toBe(true);

    const plain = await getRaw(server.port, `/assets/${name}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.wire.equals(await readFile(path.join(dir, name)))).toBe(true);
  });
});

describe("COMPRESSION=off", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { COMPRESSION: "off" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("sends pages and assets as they are, whatever the client accepts", async () => {
    const page = await getRaw(server.port, "/", { "accept-encoding": "br, gzip" });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBeUndefined();
    expect(page.wire.toString("utf8")).toContain("<title>FlirtNL");
    const name = await compressedAsset();
    const asset = await getRaw(server.port, `/assets/${name}`, { "accept-encoding": "br, gzip" });
    expect(asset.headers["content-encoding"]).toBeUndefined();
    expect(asset.wire.equals(await readFile(path.resolve("build/client/assets", name)))).toBe(true);
  });
});

describe("the body writer", () => {
  let server: Server;
  let port: number;
  let gate: () => void;
  let body: () => ReadableStream<Uint8Array>;
  let writes: ReturnType<typeof countWrites>;

  beforeAll(async () => {
    const app = express();
    app.use(dynamicCompression());
    app.get("/", (_req, res, next) => void sendResponse(res, new Response(body(), { headers: { "Content-Type": "text/html" } })).catch(next));
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
    writes = countWrites(server);
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("writes what a paused body has at once (deferred data), and the rest when it comes", async () => {
    const opened = new Promise<void>((resolve) => (gate = resolve));
    body = () =>
      new ReadableStream({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(`<p>${"shell ".repeat(400)}</p>`));
          await opened;
          controller.enqueue(new TextEncoder().encode("<p>later</p>"));
          controller.close();
        },
      });
    let received = Buffer.alloc(0);
    const decoded: string[] = [];
    const done = new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": "gzip" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("gzip");
        res.on("data", (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          // Whatever has arrived so far, decompressed as far as it goes.
          decoded.push(gunzipPartial(received));
        });
        res.on("end", () => resolve(gunzipSync(received).toString("utf8")));
      });
      req.on("error", reject);
      req.end();
    });
    await until(() => decoded.some((text) => text.includes("shell")));
    gate();
    expect(await done).toMatch(/shell.*<p>later<\/p>$/s);
  });

  it("sends a body that comes as one large piece whole, with its length, in one write", async () => {
    const page = Buffer.from(createHash("sha256").update("page").digest("hex").repeat(3 * (WRITE_SIZE / 64)));
    body = () =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(page));
          controller.close();
        },
      });
    writes.reset();
    const answer = await getRaw(port, "/", {}, "localhost");
    expect(answer.wire.equals(page)).toBe(true);
    expect(answer.headers["content-length"]).toBe(String(page.length));
    expect(writes.count()).toBe(1);
  });

  it("writes a large body in WRITE_SIZE pieces, not a compressed block and write per chunk", async () => {
    // Text that does not shrink to nothing, in a hundred chunks of 1 KB.
    const pieces = Array.from({ length: 100 }, (_, index) => createHash("sha256").update(String(index)).digest("hex").repeat(16));
    body = () =>
      new ReadableStream({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
          controller.close();
        },
      });
    writes.reset();
    const answer = await getRaw(port, "/", { "accept-encoding": "gzip" }, "localhost");
    expect(gunzipSync(answer.wire).toString("utf8")).toBe(pieces.join(""));
    // Flushed per chunk, that was a hundred writes or more; here a few per WRITE_SIZE piece and the end.
    expect(writes.count()).toBeLessThanOrEqual(2 * Math.ceil(100_000 / WRITE_SIZE) + 2);
  });
});

/** The text a gzip stream's first bytes decode to, without its end. */
function gunzipPartial(bytes: Buffer): string {
  try {
    return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8");
  } catch {
    return "";
  }
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
