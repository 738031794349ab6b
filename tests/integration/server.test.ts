import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteConfigError } from "../../server/sites/load";
import { freshDatabaseUrl } from "../support/databases";
import { copyDemoSites } from "../support/site-fixtures";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe("the server", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const get = (host: string, pathname: string, headers?: Record<string, string>) => requestAs(server.port, host, pathname, headers);

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("answers the probes on any host", async () => {
    expect((await get("10.0.0.7", "/healthz")).body).toBe("ok");
    const ready = await get("10.0.0.7", "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ready", store: "ok", bus: "ok" });
  });

  it("serves each brand on its domains, www. and <id>.localhost", async () => {
    for (const host of ["flirtnl.example", "www.flirtnl.example", "flirt-nl.localhost:3000"]) {
      const page = await get(host, "/");
      expect(page.status).toBe(200);
      expect(page.body).toContain("<title>FlirtNL");
      expect(page.body).toContain('lang="nl"');
    }
    expect((await get("himmatch.example.co.uk", "/")).body).toContain("HimMatch");
  });

  it("gives an unknown host a plain 404 that names no brand", async () => {
    const page = await get("nobody.example", "/");
    expect(page.status).toBe(404);
    expect(page.body).toContain("Not found");
    for (const brand of ["FlirtNL", "Reife Liebe", "HimMatch", "CurvyCrush", "Amora"]) expect(page.body).not.toContain(brand);
  });

  it("answers the settings of §3 with the visitor's country from the configured header", async () => {
    const answer = await get("flirt-nl.localhost", "/api/settings.php", { "cf-ipcountry": "be" });
    const settings = JSON.parse(answer.body);
    expect(settings).toMatchObject({ name: "FlirtNL", niche: 1, geoip_country: "BE", geoip_selected_country: "BE", domain_language: "nl" });
    expect(answer.headers["set-cookie"]?.[0]).toMatch(/^locale=nl; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const elsewhere = JSON.parse((await get("flirt-nl.localhost", "/api/settings.php", { "cf-ipcountry": "US" })).body);
    expect(elsewhere).toMatchObject({ geoip_country: "US", geoip_selected_country: "NL" });
    const unknown = JSON.parse((await get("flirt-nl.localhost", "/api/settings.php")).body);
    expect(unknown).toMatchObject({ geoip_country: "NL", geoip_selected_country: "NL" });
  });

  it("keeps a chosen language: no new locale cookie when one is set", async () => {
    const answer = await get("bbw-us.localhost", "/api/settings.php", { cookie: "locale=es" });
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse(answer.body).index_title).toContain("CurvyCrush");
  });

  it("answers for the host's brand whatever the domain query names (§7: the domain is forced from the host)", async () => {
    const settings = JSON.parse((await get("flirt-nl.localhost", "/api/settings.php?domain=www.reifeliebe.example")).body);
    expect(settings).toMatchObject({ id: "flirt-nl", name: "FlirtNL", niche: 1 });
    expect((await get("flirt-nl.localhost", "/api/settings.php?domain=nobody.example")).status).toBe(200);
  });

  it("renders the page in the visitor's language: Spanish by cookie on a US brand", async () => {
    const page = await get("bbw-us.localhost", "/", { cookie: "locale=es" });
    expect(page.body).toContain('lang="es"');
    const ignored = await get("flirt-nl.localhost", "/", { cookie: "locale=es" });
    expect(ignored.body).toContain('lang="nl"');
  });

  it("answers 404 'This page could not be found' for an unmatched route", async () => {
    const page = await get("gay-uk.localhost", "/no/such/page");
    expect(page.status).toBe(404);
    expect(page.body).toContain("This page could not be found");
  });

  it("puts a nonce-based Content-Security-Policy on pages", async () => {
    const page = await get("gay-uk.localhost", "/");
    const csp = String(page.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`nonce="${nonce}"`);
  });

  it("applies an edited site file within 2 seconds, and keeps the last good one on a bad edit", async () => {
    const file = path.join(server.sitesDir, "gay-uk.json");
    const original = JSON.parse(await readFile(file, "utf8"));
    await writeFile(file, JSON.stringify({ ...original, name: "HimMatch Live" }, null, 2));
    const took = await until(async () => (await get("gay-uk.localhost", "/")).body.includes("HimMatch Live"), 2_000);
    expect(took).toBeLessThan(2_000);

    await writeFile(file, JSON.stringify({ ...original, name: "Broken", niche: 99 }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await get("gay-uk.localhost", "/")).body).toContain("HimMatch Live");

    await writeFile(file, JSON.stringify(original, null, 2));
    await until(async () => (await get("gay-uk.localhost", "/")).body.includes("<title>HimMatch –"), 2_000);
  });

  it("refuses to start on an invalid site file, saying why", async () => {
    const dir = await copyDemoSites();
    await writeFile(path.join(dir, "bad.json"), JSON.stringify({ name: "Bad", niche: 0 }));
    const starting = startTestServer({ sitesDir: dir });
    await expect(starting).rejects.toBeInstanceOf(SiteConfigError);
    await expect(starting).rejects.toThrow(/bad\.json {2}niche: must be from 1 to 7/);
  });
});
