import { readFile, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCaddy, type Caddy } from "../support/caddy";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

/**
 * Brand domains over HTTPS behind Caddy (issue 21 item 1): the repository's deploy/Caddyfile, run by
 * Debian's Caddy with its own CA instead of Let's Encrypt, in front of a test server. A certificate
 * comes on demand for a name a brand lists, and for no other name.
 */
describe("certificates on demand", () => {
  let server: TestServer;
  let caddy: Caddy;

  beforeAll(async () => {
    server = await startTestServer();
    caddy = await startCaddy({ upstreams: [server.port], askPort: server.port });
  });

  afterAll(async () => {
    await caddy?.stop();
    await server?.stop();
  });

  const certificateFor = (servername: string) => caddy.certificateFor(servername);
  const viaProxy = (domain: string, pathname: string) => caddy.request(domain, pathname);

  it("serves a brand's domain, with and without www., over HTTPS with a certificate for that name", async () => {
    expect(await certificateFor("flirtnl.example")).toEqual(["flirtnl.example"]);
    expect(await certificateFor("www.flirtnl.example")).toEqual(["www.flirtnl.example"]);
    const page = await viaProxy("flirtnl.example", "/pages/terms");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="nl"');
    const other = await viaProxy("www.himmatch.example", "/");
    expect(other.body).toContain("HimMatch");
  });

  it("gets no certificate for a name no brand lists", async () => {
    for (const name of ["unknown.example", "flirtnl.example.evil.test", "sub.flirtnl.example"]) {
      const answer = await certificateFor(name);
      expect(answer).toBeInstanceOf(Error);
    }
  });

  it("gets one for a domain added to a brand's file, without a restart", async () => {
    const file = path.join(server.sitesDir, "gay-uk.json");
    const settings = JSON.parse(await readFile(file, "utf8")) as { domains: string[] };
    await writeFile(file, JSON.stringify({ ...settings, domains: [...settings.domains, "himmatch-new.example"] }, null, 2));
    await waitUntil(
      () => requestAs(server.port, `127.0.0.1:${server.port}`, "/internal/tls-allowed?domain=himmatch-new.example"),
      (answer) => answer.status === 200,
    );
    expect(await certificateFor("himmatch-new.example")).toEqual(["himmatch-new.example"]);
    expect((await viaProxy("himmatch-new.example", "/")).body).toContain("HimMatch");
  });

  it("leads plain HTTP to HTTPS", async () => {
    const answer = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: caddy.ports.http, path: "/landers/gallery/nl?network=adnet", headers: { host: "flirtnl.example" } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on("error", reject);
      req.end();
    });
    expect(answer).toEqual({ status: 301, location: "https://flirtnl.example/landers/gallery/nl?network=adnet" });
  });
});

/** The question Caddy asks (GET /internal/tls-allowed?domain=): only from the proxy, never on a brand's host. */
describe("the certificate question", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPPORT_HOST: "support.flirt.example" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ask = (domain: string, host = `127.0.0.1:${server.port}`) => requestAs(server.port, host, `/internal/tls-allowed?domain=${encodeURIComponent(domain)}`);

  it("allows the brands' domains, with or without www., and the support console's host", async () => {
    for (const domain of ["flirtnl.example", "www.flirtnl.example", "FLIRTNL.EXAMPLE.", "curvycrush.example", "support.flirt.example"]) {
      expect([domain, (await ask(domain)).status]).toEqual([domain, 200]);
    }
  });

  it("refuses any other name, a development name and a malformed question", async () => {
    for (const domain of ["unknown.example", "sub.flirtnl.example", "flirt-nl.localhost", "", "x".repeat(300), "[::1]"]) {
      expect([domain, (await ask(domain)).status]).toEqual([domain, 404]);
    }
    expect((await requestAs(server.port, `127.0.0.1:${server.port}`, "/internal/tls-allowed")).status).toBe(404);
  });

  it("does not answer through a brand's host or the console's", async () => {
    expect((await ask("flirtnl.example", `flirt-nl.localhost:${server.port}`)).status).toBe(404);
    expect((await ask("flirtnl.example", "flirtnl.example")).status).toBe(404);
    expect((await ask("flirtnl.example", "support.flirt.example")).status).toBe(404);
  });
});
