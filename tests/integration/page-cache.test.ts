import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { requestAs, startTestServer, type PlainResponse, type TestServer } from "../support/test-server";

/** The logged-out pages from cache, through the real server: who gets them, in which variant, with which nonce. */
describe("anonymous pages from cache", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    // A Dutch brand that also speaks English in the Netherlands: the language variants to keep apart.
    await editBrand("flirt-nl", (settings) => ({ ...settings, locales: { NL: ["nl", "en"], BE: ["nl"] } }));
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** Rewrites a brand file and waits for the server to apply it (its reload event, not a pause). */
  async function editBrand(siteId: string, edit: (settings: Record<string, unknown>) => Record<string, unknown>) {
    const file = path.join(server.sitesDir, `${siteId}.json`);
    const settings = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const applied = new Promise<void>((resolve) => {
      const stop = server.sites.onChange((_all, { changed }) => {
        if (!changed.some((site) => site.id === siteId)) return;
        stop();
        resolve();
      });
    });
    await writeFile(file, JSON.stringify(edit(settings), null, 2));
    await applied;
  }

  const get = (pathname: string, headers: Record<string, string> = {}, siteId = "flirt-nl") =>
    requestAs(server.port, `${siteId}.localhost:${server.port}`, pathname, { "accept-language": "nl", ...headers });
  const cspNonce = (response: PlainResponse) => /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
  const bodyNonces = (response: PlainResponse) => [...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
  const outcome = (response: PlainResponse) => response.headers["x-page-cache"];
  const htmlLanguage = (response: PlainResponse) => /<html lang="([a-z]+)"/.exec(response.body)?.[1];

  it("renders / once, then serves the same page with a fresh nonce that matches each response's CSP", async () => {
    const first = await get("/", { "accept-language": "en" });
    const second = await get("/", { "accept-language": "en" });
    const third = await get("/", { "accept-language": "en" });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect([outcome(first), outcome(second), outcome(third)]).toEqual(["miss", "hit", "hit"]);

    const nonces = [first, second, third].map(cspNonce);
    expect(new Set(nonces).size).toBe(3);
    for (const [index, response] of [first, second, third].entries()) {
      const inBody = bodyNonces(response);
      expect(inBody.length).toBeGreaterThan(0);
      expect(new Set(inBody)).toEqual(new Set([nonces[index]]));
      // No nonce of another response survives anywhere in the page (the hydration data included).
      for (const other of nonces) if (other !== nonces[index]) expect(response.body).not.toContain(other);
    }
    const withoutNonce = (response: PlainResponse, index: number) => response.body.replaceAll(nonces[index]!, "NONCE");
    expect(withoutNonce(second, 1)).toBe(withoutNonce(first, 0));
    expect(withoutNonce(third, 2)).toBe(withoutNonce(first, 0));
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
  });

  it("tells a CDN it may keep only what a visitor without cookies gets, varying on what the page varies on", async () => {
    const plain = await get("/pages/terms");
    expect(plain.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(String(plain.headers.vary)).toMatch(/Cookie/);
    expect(String(plain.headers.vary)).toMatch(/Accept-Language/);
    // The tests' server trusts the loopback proxy, so it reads the country header and varies on it.
    expect(String(plain.headers.vary)).toMatch(/cf-ipcountry/);
    expect(plain.headers["set-cookie"]).toBeUndefined();

    const dismissed = await get("/pages/terms", { cookie: "site_entry_skipped=1700000000000" });
    expect(dismissed.headers["cache-control"]).toBe("private, no-cache");
  });

  it("keeps language, country and site-entry variants apart", async () => {
    const english = await get("/pages/faq", { "accept-language": "en" });
    const dutch = await get("/pages/faq", { "accept-language": "nl" });
    expect([english.status, dutch.status]).toEqual([200, 200]);
    expect([outcome(english), outcome(dutch)]).toEqual(["miss", "miss"]);
    expect([htmlLanguage(english), htmlLanguage(dutch)]).toEqual(["en", "nl"]);
    for (let round = 0; round < 2; round += 1) {
      const [again, againDutch] = [await get("/pages/faq", { "accept-language": "en" }), await get("/pages/faq", { "accept-language": "nl" })];
      expect([outcome(again), outcome(againDutch)]).toEqual(["hit", "hit"]);
      expect([htmlLanguage(again), htmlLanguage(againDutch)]).toEqual(["en", "nl"]);
    }
    // A chosen language (the cookie) wins over the browser's: the Dutch page, not the English one kept above.
    const chosen = await get("/pages/faq", { "accept-language": "en", cookie: "locale=nl" });
    expect(htmlLanguage(chosen)).toBe("nl");

    // The entry warning is for visitors from the Netherlands, not from Belgium (§2).
    const warning = "<aside";
    const fromNetherlands = await get("/pages/faq", { "cf-ipcountry": "NL" });
    const fromBelgium = await get("/pages/faq", { "cf-ipcountry": "BE" });
    expect(fromNetherlands.body).toContain(warning);
    expect(fromBelgium.body).not.toContain(warning);
    expect((await get("/pages/faq", { "cf-ipcountry": "BE" })).body).not.toContain(warning);
    expect((await get("/pages/faq", { "cf-ipcountry": "NL" })).body).toContain(warning);

    // The site-entry warning shows until the visitor closes it, cached or not.
    const entryTitle = 'id="site-entry-title"';
    expect((await get("/pages/faq")).body).toContain(entryTitle);
    expect((await get("/pages/faq", { cookie: "site_entry_skipped=1700000000000" })).body).not.toContain(entryTitle);
    const closedAgain = await get("/pages/faq", { cookie: "site_entry_skipped=1700000000000" });
    expect(outcome(closedAgain)).toBe("hit");
    expect(closedAgain.body).not.toContain(entryTitle);
    expect((await get("/pages/faq")).body).toContain(entryTitle);
  });

  it("never serves a member's page from the cache nor keeps one", async () => {
    const name = `Cachetest${Date.now().toString(36)}`;
    const member = await createMember(server, { siteId: "flirt-nl", name });
    const { header: cookie } = await sessionCookie(server, { siteId: "flirt-nl", accountId: member.accountId });

    // The member asks first: had their page been kept, the visitor after them would get it.
    const memberPage = await get("/pages/privacy", { cookie });
    expect(memberPage.status).toBe(200);
    expect(memberPage.body).toContain(name);
    expect(outcome(memberPage)).toBeUndefined();
    expect(memberPage.headers["cache-control"]).toBe("private, no-store");
    const visitor = await get("/pages/privacy");
    expect(outcome(visitor)).toBe("miss");
    expect(visitor.body).not.toContain(name);

    // With the page kept, the member still gets their own, on /pages/privacy and on /members.
    expect(outcome(await get("/pages/privacy"))).toBe("hit");
    for (const pathname of ["/pages/privacy", "/members"]) {
      const own = await get(pathname, { cookie });
      expect(own.status).toBe(200);
      expect(outcome(own)).toBeUndefined();
      expect(own.body).toContain(name);
    }
    // With the home page kept, a member opening it goes on to search (§2), never to the kept page.
    expect((await get("/")).body).not.toContain(name);
    const home = await get("/", { cookie });
    expect(home.status).toBe(302);
    expect(home.headers.location).toBe("/members");
    expect(outcome(home)).toBeUndefined();
    expect(home.headers["cache-control"]).toBe("private, no-store");

    // A cookie that names no live session is not a visitor to serve from the cache either.
    expect(outcome(await get("/pages/privacy", { cookie: "auth=forged" }))).toBeUndefined();
  });

  it("leaves out queries, data requests, other methods and error pages", async () => {
    const tracked = await get("/?network=partner1&sub1=campaign");
    expect(tracked.status).toBe(200);
    expect(outcome(tracked)).toBeUndefined();
    expect(String(tracked.headers["set-cookie"])).toMatch(/^tracking=/);
    expect(outcome(await get("/?anything=else"))).toBeUndefined();
    // A tracked visit (its cookie) opens signups on an invite-only brand: its own variant, never a CDN's.
    const trackedLater = await get("/pages/cookies", { cookie: String(tracked.headers["set-cookie"]).split(";")[0]! });
    expect(trackedLater.headers["cache-control"]).toBe("private, no-cache");
    expect(outcome(await get("/pages/cookies"))).toBe("miss");

    expect(outcome(await get("/pages/terms.data"))).toBeUndefined();
    expect(outcome(await get("/login"))).toBeUndefined();
    const post = await requestAs(server.port, `flirt-nl.localhost:${server.port}`, "/", { origin: `http://flirt-nl.localhost:${server.port}` }, { method: "POST", body: "" });
    expect(outcome(post)).toBeUndefined();

    const missing = await get("/pages/no-such-page");
    expect(missing.status).toBe(404);
    expect(String(missing.headers["cache-control"] ?? "")).not.toMatch(/public/);
    expect(outcome(await get("/pages/no-such-page"))).toBe("miss");
  });

  it("keeps the landers too, but not a lander that does not exist", async () => {
    const lander = await get("/landers/gallery/nl");
    expect([lander.status, outcome(lander)]).toEqual([200, "miss"]);
    expect(outcome(await get("/landers/gallery/nl"))).toBe("hit");
    const unknown = await get("/landers/no-such-design");
    expect([unknown.status, outcome(await get("/landers/no-such-design"))]).toEqual([404, "miss"]);
  });

  it("answers HEAD from a kept page without a body", async () => {
    await get("/pages/ban");
    const head = await requestAs(server.port, `flirt-nl.localhost:${server.port}`, "/pages/ban", { "accept-language": "nl" }, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(outcome(head)).toBe("hit");
    expect(head.body).toBe("");
  });

  it("renders once for many visitors who arrive together", async () => {
    const replies = await Promise.all(Array.from({ length: 24 }, () => get("/pages/return-policy", { "accept-language": "en" })));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(replies.filter((reply) => outcome(reply) === "miss")).toHaveLength(1);
    expect(new Set(replies.map(cspNonce)).size).toBe(replies.length);
  });

  it("shows a brand file's edit on the next request", async () => {
    const before = await get("/", {}, "gay-uk");
    expect(before.body).toContain("HimMatch");
    expect(outcome(await get("/", {}, "gay-uk"))).toBe("hit");

    await editBrand("gay-uk", (settings) => ({ ...settings, name: "HimMatch Renamed" }));
    const after = await get("/", {}, "gay-uk");
    expect(after.body).toContain("HimMatch Renamed");
    expect(outcome(after)).toBe("miss");
  });
});
