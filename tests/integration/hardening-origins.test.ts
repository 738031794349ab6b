import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, PASSWORD, sessionCookie } from "../support/accounts";
import { text } from "../support/catalog";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, visitorIp, type PlainResponse, type TestServer } from "../support/test-server";

/**
 * Issue 13, classes 2, 3, 6 and the settings part of 10, through HTTP: redirects stay on the site,
 * writes come only from the brand's own pages, members' pages are never cached, and the settings
 * call answers for the host's brand only.
 */
describe("origins, redirects and caching", () => {
  let server: TestServer;
  let drop: () => Promise<void>;

  const FORM = "application/x-www-form-urlencoded";
  const host = (siteId: string) => `${siteId}.localhost:${server.port}`;
  const send = (siteId: string, pathname: string, headers: Record<string, string> = {}, options: { method?: string; body?: string } = {}) =>
    requestAs(server.port, host(siteId), pathname, { "x-forwarded-for": visitorIp(), ...headers }, options);
  const postForm = (siteId: string, pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    send(siteId, pathname, { "content-type": FORM, origin: server.origin(siteId), ...headers }, { method: "POST", body: new URLSearchParams(fields).toString() });

  async function signedIn(siteId: string) {
    const member = await createMember(server, { siteId });
    return { ...member, cookie: (await sessionCookie(server, { siteId, accountId: member.accountId })).header };
  }

  /** The session still signs the member in. */
  const stillSignedIn = async (siteId: string, cookie: string) => (await send(siteId, "/api/user.php", { cookie })).status === 200;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  describe("redirects stay on the site", () => {
    // Each reads as another host (or a scheme) once a browser strips tabs and newlines, reads `\`
    // as `/`, or a later reader decodes the path.
    const HOSTILE = [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "//evil.example/x",
      " //evil.example",
      "\u0001//evil.example",
      "/.//evil.example",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%252F%252Fevil.example",
      "https://evil.example",
      "HTTPS://evil.example/",
      "http:/\\evil.example",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
    ];

    /** A Location a browser resolves on the site's own origin, with nothing it would strip or re-read. */
    function expectHome(response: PlainResponse, siteId: string, expected: string) {
      expect(response.status).toBe(302);
      const location = String(response.headers.location);
      expect(new URL(location, server.origin(siteId)).origin).toBe(server.origin(siteId));
      expect(location).toBe(expected);
    }

    it.each(HOSTILE)("the language switch sends %j home instead", async (target) => {
      const response = await postForm("bbw-us", "/lang-config", { language: "en", redirectTo: target });
      expectHome(response, "bbw-us", "/");
    });

    it("keeps a path on the site, and a tab or newline inside it is dropped as a browser drops it", async () => {
      expectHome(await postForm("bbw-us", "/lang-config", { language: "en", redirectTo: "/members?page=2" }), "bbw-us", "/members?page=2");
      expectHome(await postForm("bbw-us", "/lang-config", { language: "en", redirectTo: "/\tevil.example" }), "bbw-us", "/evil.example");
      expectHome(await postForm("bbw-us", "/lang-config", { language: "en", redirectTo: "/\nevil.example" }), "bbw-us", "/evil.example");
    });

    it("signs in and goes home, not to another host, for the report's tab example and a CR/LF (no 500)", async () => {
      const member = await createMember(server, { siteId: "flirt-nl" });
      for (const target of ["/\t/evil.example", "/\r\n/evil.example", "/%5Cevil.example"]) {
        const response = await postForm("flirt-nl", "/login", { email: member.email, password: PASSWORD, redirectTo: target });
        expectHome(response, "flirt-nl", "/members");
      }
      expectHome(await postForm("flirt-nl", "/login", { email: member.email, password: PASSWORD, redirectTo: "/settings" }), "flirt-nl", "/settings");
    });

    it("closes the 18+ warning back to the page the form names, never to the Referer", async () => {
      const referer = { referer: "//evil.example/x" };
      expectHome(await postForm("gay-uk", "/site-entry", {}, referer), "gay-uk", "/");
      expectHome(await postForm("gay-uk", "/site-entry", {}, { referer: `${server.origin("gay-uk")}//evil.example/x` }), "gay-uk", "/");
      expectHome(await postForm("gay-uk", "/site-entry", { redirectTo: "/members?page=2" }, referer), "gay-uk", "/members?page=2");
      expectHome(await postForm("gay-uk", "/site-entry", { redirectTo: "/\t/evil.example" }, referer), "gay-uk", "/");
      const closed = await postForm("gay-uk", "/site-entry", { redirectTo: "/" });
      expect(String(closed.headers["set-cookie"])).toMatch(/^site_entry_skipped=\d+/);
    });

    it("sends a banner form back to a checked path only", async () => {
      const member = await signedIn("flirt-nl");
      const response = await postForm("flirt-nl", "/api/banners.php", { intent: "notifications-on", redirectTo: "/%2F%2Fevil.example" }, { cookie: member.cookie });
      expectHome(response, "flirt-nl", "/");
    });
  });

  describe("writes come only from the brand's own pages", () => {
    const loginJson = (email: string) => JSON.stringify({ email, password: PASSWORD });

    it("refuses the login CSRF of a sandboxed frame (Origin: null, text/plain JSON) in the visitor's language", async () => {
      const member = await createMember(server, { siteId: "flirt-nl" });
      const response = await send("flirt-nl", "/api/user.php", { origin: "null", "content-type": "text/plain;charset=UTF-8" }, { method: "POST", body: loginJson(member.email) });
      expect(response.status).toBe(403);
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(JSON.parse(response.body)).toEqual({ error: "cross_site_request", message: text("nl", "requestRefused.crossSite") });
    });

    it("refuses a foreign Origin, another brand's Origin, and without Origin a cross-site or same-site Sec-Fetch-Site", async () => {
      const member = await createMember(server, { siteId: "flirt-nl" });
      const refusedHeaders: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { origin: server.origin("milf-de") },
        { origin: `${server.origin("flirt-nl")}.evil.example` },
        { origin: "not a url" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site" },
      ];
      for (const headers of refusedHeaders) {
        const response = await send("flirt-nl", "/api/user.php", { ...headers, "content-type": "application/json" }, { method: "POST", body: loginJson(member.email) });
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
      const signup = await send("flirt-nl", "/api/signup.php?step=check", { origin: "null", "content-type": FORM }, { method: "POST", body: "email=x%40example.com" });
      expect(signup.status).toBe(403);
    });

    it("lets the brand's own pages, typed addresses and clients without either header write", async () => {
      const member = await createMember(server, { siteId: "flirt-nl" });
      const allowedHeaders: Record<string, string>[] = [{ origin: server.origin("flirt-nl") }, { "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "none" }, {}];
      for (const headers of allowedHeaders) {
        const response = await send("flirt-nl", "/api/user.php", { ...headers, "content-type": "application/json" }, { method: "POST", body: loginJson(member.email) });
        expect(response.status, JSON.stringify(headers)).toBe(200);
        expect(String(response.headers["set-cookie"])).toMatch(/^auth=/);
      }
    });

    it("answers a page POST with Origin: null with a 403 page in the visitor's language, not a 500", async () => {
      const response = await send("milf-de", "/login", { origin: "null", "content-type": FORM }, { method: "POST", body: "email=a%40example.com&password=x" });
      expect(response.status).toBe(403);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain('lang="de"');
      expect(response.body).toContain(text("de", "requestRefused.crossSite"));
    });

    it("reads JSON only when sent as application/json (415 otherwise), even from the site itself", async () => {
      const member = await createMember(server, { siteId: "flirt-nl" });
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"]) {
        const response = await send("flirt-nl", "/api/user.php", { origin: server.origin("flirt-nl"), "content-type": type }, { method: "POST", body: loginJson(member.email) });
        expect(response.status, type).toBe(415);
        expect(response.headers["set-cookie"]).toBeUndefined();
        expect(JSON.parse(response.body)).toMatchObject({ error: "unsupported_media_type", message: text("nl", "requestRefused.jsonOnly") });
      }
      const noType = await send("flirt-nl", "/api/user.php", { origin: server.origin("flirt-nl") }, { method: "POST", body: loginJson(member.email) });
      expect(noType.status).toBe(415);
      const charset = await send("flirt-nl", "/api/user.php", { "content-type": "application/json; charset=utf-8" }, { method: "POST", body: loginJson(member.email) });
      expect(charset.status).toBe(200);
      const { cookie } = await signedIn("flirt-nl");
      const typing = await send("flirt-nl", "/api/typing.php", { cookie, "content-type": "text/plain" }, { method: "POST", body: JSON.stringify({ conversation: 1 }) });
      expect(typing.status).toBe(415);
    });

    it("keeps the session when another site links or navigates to GET /api/logout.php", async () => {
      const member = await signedIn("flirt-nl");
      const navigations: Record<string, string>[] = [
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
        { "sec-fetch-site": "same-site", "sec-fetch-mode": "navigate" },
        { "sec-fetch-site": "none", "sec-fetch-mode": "navigate" },
        {},
      ];
      for (const headers of navigations) {
        const response = await send("flirt-nl", "/api/logout.php", { ...headers, cookie: member.cookie });
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(response.headers["set-cookie"]).toBeUndefined();
        expect(await stillSignedIn("flirt-nl", member.cookie)).toBe(true);
      }
      const own = await send("flirt-nl", "/api/logout.php", { "x-request-type": "client", cookie: member.cookie });
      expect(JSON.parse(own.body)).toEqual({ user: null });
      expect(await stillSignedIn("flirt-nl", member.cookie)).toBe(false);
      const other = await signedIn("flirt-nl");
      await send("flirt-nl", "/api/logout.php", { "sec-fetch-site": "same-origin", cookie: other.cookie });
      expect(await stillSignedIn("flirt-nl", other.cookie)).toBe(false);
    });

    it("changes no location or like for a cross-site GET of geocode.php or auto-like.php", async () => {
      const member = await signedIn("flirt-nl");
      for (const pathname of ["/api/geocode.php?lat=52.37&lon=4.89", "/api/auto-like.php"]) {
        const response = await send("flirt-nl", pathname, { "sec-fetch-site": "cross-site", cookie: member.cookie });
        expect(response.status, pathname).toBe(403);
        expect(JSON.parse(response.body)).toMatchObject({ error: "cross_site_request" });
      }
      const own = await send("flirt-nl", "/api/geocode.php?lat=52.37&lon=4.89", { "x-request-type": "client", cookie: member.cookie });
      expect(own.status).toBe(200);
    });
  });

  describe("members' pages are never cached", () => {
    it("answers a signed-in member's pages and their data requests private, no-store", async () => {
      const member = await signedIn("flirt-nl");
      for (const pathname of ["/settings", "/chats", "/profile", "/settings.data", "/profile.data", "/chats?_data=chats"]) {
        const response = await send("flirt-nl", pathname, { cookie: member.cookie });
        expect(response.status, pathname).toBe(200);
        expect(response.headers["cache-control"], pathname).toBe("private, no-store");
      }
      // The home page sends members on to search, and that answer is theirs alone too.
      const home = await send("flirt-nl", "/", { cookie: member.cookie });
      expect(home.status).toBe(302);
      expect(home.headers["cache-control"]).toBe("private, no-store");
    });

    it("keeps a route's own private caching, and forces nothing on the anonymous home page", async () => {
      const member = await signedIn("flirt-nl");
      expect((await send("flirt-nl", "/api/interests.php", { cookie: member.cookie })).headers["cache-control"]).toBe("private, max-age=3600");
      const home = await send("flirt-nl", "/");
      expect(home.status).toBe(200);
      expect(home.headers["cache-control"] ?? "").not.toContain("no-store");
    });

    it("never lets a response that sets or clears the session cookie be kept", async () => {
      const member = await createMember(server, { siteId: "flirt-nl" });
      const login = await postForm("flirt-nl", "/login", { email: member.email, password: PASSWORD });
      expect(String(login.headers["set-cookie"])).toMatch(/^auth=/);
      expect(login.headers["cache-control"]).toBe("private, no-store");
      const cookie = String(login.headers["set-cookie"]).split(";")[0] ?? "";
      const logout = await postForm("flirt-nl", "/api/logout.php", {}, { cookie });
      expect(String(logout.headers["set-cookie"])).toMatch(/^auth=;/);
      expect(logout.headers["cache-control"]).toBe("private, no-store");
    });
  });

  describe("the settings call", () => {
    it("answers for the host's brand whatever domain the query names", async () => {
      for (const domain of ["www.reifeliebe.example", "milf-de.localhost", "nobody.example"]) {
        const answer = await send("flirt-nl", `/api/settings.php?domain=${domain}`);
        expect(answer.status, domain).toBe(200);
        expect(JSON.parse(answer.body), domain).toMatchObject({ id: "flirt-nl", name: "FlirtNL" });
        expect(answer.body, domain).not.toContain("Reife Liebe");
      }
    });
  });
});
