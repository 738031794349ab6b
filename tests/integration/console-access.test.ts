import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_ACCESS } from "../../console/access";
import { decideAccess } from "../../server/http/console-access";
import { uploadsDir } from "../../server/photos/storage";
import { can, STAFF_ROLES, type StaffRole } from "../../server/support/roles";
import { createMember, sessionCookie } from "../support/accounts";
import { createStaff, staffCookie } from "../support/staff";
import { CONSOLE_HOST, requestAs, startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 17's rule that roles decide every console action on the server: every route of the console
 * build, opened and posted to by each role and by nobody, answers as console/access.ts says; the
 * support host and the brand hosts never accept each other's cookies.
 */
describe("the support console's access rules", () => {
  let server: TestServer;
  let build: ServerBuild;
  const cookies = {} as Record<StaffRole, string>;

  const consoleHost = () => `${CONSOLE_HOST}:${server.port}`;
  const open = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
    requestAs(server.port, consoleHost(), pathname, { origin: server.consoleOrigin, ...headers }, method === "GET" ? {} : { method, body: "intent=nothing", ...{} });

  beforeAll(async () => {
    server = await startTestServer();
    build = (await import(/* @vite-ignore */ path.resolve("build/console/server/index.js"))) as ServerBuild;
    for (const role of STAFF_ROLES) {
      const staff = await createStaff(server, { role });
      cookies[role] = (await staffCookie(server, { staffId: staff.id })).header;
    }
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** A path that opens the route: its parameters filled with something. */
  const pathOf = (routePath: string) => `/${routePath.replace(/:[a-z]+\??/g, "1").replace("*", "no-such-page")}`.replace(/\/+$/, "") || "/";

  /** Every route of the build that answers a path of its own (layouts and the root answer none). */
  function pageRoutes(): { id: string; pathname: string }[] {
    const leaves: { id: string; pathname: string }[] = [];
    const walk = (parentId: string | undefined, prefix: string) => {
      for (const route of Object.values(build.routes).filter((candidate) => candidate.parentId === parentId)) {
        const full = [prefix, route.path ?? ""].filter(Boolean).join("/");
        if (route.index || (route.path && !Object.values(build.routes).some((child) => child.parentId === route.id))) leaves.push({ id: route.id, pathname: pathOf(full) });
        walk(route.id, full);
      }
    };
    walk(undefined, "");
    return leaves;
  }

  it("has an access rule for every route of the console build, and none for a route it lacks", () => {
    const ids = Object.keys(build.routes);
    expect(ids.filter((id) => !(id in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it("refuses a route without a rule to everyone, an admin too", () => {
    const routes = [{ id: "root", path: "", children: [{ id: "forgotten", path: "forgotten" }] }];
    const admin = { id: 1, email: "a@staff.example", role: "admin" as const, sessionId: "x", verified: true };
    expect(decideAccess(routes, "/forgotten", admin)).toEqual({ allowed: false, reason: "unknown-route" });
  });

  it("answers every route, read and written, by each role and by nobody as its rule says", async () => {
    const routes = pageRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const wrong: string[] = [];
    for (const { id, pathname } of routes) {
      const access = ROUTE_ACCESS[id]!;
      // Signing out would end the sessions the walk goes on with: it has a test of its own.
      for (const method of id === "logout" ? ["GET"] : ["GET", "POST"]) {
        const anonymous = await open(pathname, { "content-type": "application/x-www-form-urlencoded" }, method);
        const anonymousRefused = anonymous.status === 303 && String(anonymous.headers.location).startsWith("/login");
        if (access === "public" ? anonymousRefused : !anonymousRefused) wrong.push(`${method} ${pathname} (${access}) as nobody: ${anonymous.status}`);
        for (const role of STAFF_ROLES) {
          const answer = await open(pathname, { cookie: cookies[role], "content-type": "application/x-www-form-urlencoded" }, method);
          const allowed = access === "public" || access === "password" || access === "signed-in" || can(role, access);
          const refused = answer.status === 403 || (answer.status === 303 && String(answer.headers.location).startsWith("/login"));
          if (allowed === refused) wrong.push(`${method} ${pathname} (${access}) as ${role}: ${answer.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("signs out: the session is gone at once", async () => {
    const staff = await createStaff(server, { role: "support" });
    const cookie = (await staffCookie(server, { staffId: staff.id })).header;
    expect((await open("/", { cookie })).status).toBe(200);
    const signOut = await open("/logout", { cookie, "content-type": "application/x-www-form-urlencoded" }, "POST");
    expect(signOut.status).toBe(302);
    expect(String(signOut.headers["set-cookie"])).toMatch(/Max-Age=0/);
    expect((await open("/", { cookie })).status).toBe(303);
  });

  it("lets a session that gave only its password reach the second-factor step and nothing else", async () => {
    const staff = await createStaff(server, { role: "admin" });
    const header = await server.services.staffSessions.start({ staffId: staff.id, ip: "127.0.0.1", verified: false });
    const cookie = header.split(";")[0]!;
    expect((await open("/login/verify", { cookie })).status).not.toBe(303);
    for (const pathname of ["/", "/members", "/brands", "/account", "/staff"]) {
      const answer = await open(pathname, { cookie });
      expect(answer.status, pathname).toBe(303);
      expect(answer.headers.location).toMatch(/^\/login/);
    }
  });

  it("sends a data request without a session to sign in, in a form the page's script can follow", async () => {
    const answer = await open("/members.data");
    expect(answer.status).toBe(202);
    expect(answer.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(answer.body).toContain("/login?next=%2Fmembers");
  });

  it("ignores a brand's member cookie on the support host, and a staff cookie on a brand host", async () => {
    const member = await createMember(server, { siteId: "flirt-nl" });
    const memberCookie = (await sessionCookie(server, { siteId: "flirt-nl", accountId: member.accountId })).header;
    const onConsole = await open("/", { cookie: memberCookie });
    expect(onConsole.status).toBe(303);
    expect(onConsole.headers.location).toBe("/login");

    // The staff cookie's value under the member cookie's name too: it names no member session.
    const staffValue = cookies.admin.split("=")[1]!;
    for (const cookie of [cookies.admin, `auth=${staffValue}`]) {
      const brand = await requestAs(server.port, `flirt-nl.localhost:${server.port}`, "/api/user.php", { cookie });
      expect(brand.status, cookie).toBe(403);
    }
  });

  it("answers no console path on a brand host, and no brand path on the support host", async () => {
    for (const pathname of ["/moderation/photos", "/staff", "/brands/check"]) {
      const brand = await requestAs(server.port, `flirt-nl.localhost:${server.port}`, pathname, { cookie: cookies.admin });
      expect(brand.status, pathname).toBe(404);
    }
    for (const pathname of ["/api/settings.php", "/pages/terms", "/signup", "/locales/en/common.json"]) {
      const onConsole = await open(pathname, { cookie: cookies.admin });
      expect(onConsole.status, pathname).toBe(404);
    }
  });

  it("shows members' photo files to signed-in staff only, kept in no shared cache", async () => {
    const folder = path.join(uploadsDir(server.dataDir), "flirt-nl");
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "console-test.webp"), "not really a photo");
    expect((await open("/media/flirt-nl/console-test.webp")).status).toBe(404);
    const shown = await open("/media/flirt-nl/console-test.webp", { cookie: cookies.moderator });
    expect(shown.status).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, max-age=3600");
  });

  it("keeps the audit trail append-only: no row can be changed, removed or truncated", async () => {
    const staff = await createStaff(server, { role: "admin" });
    const db = server.store.db;
    await db.insertInto("staff_audit").values({ staff_id: staff.id, action: "member.view", account_id: 1, ip: "10.0.0.1" }).execute();
    const row = await db.selectFrom("staff_audit").select(["id", "action"]).where("staff_id", "=", staff.id).executeTakeFirstOrThrow();
    await expect(db.updateTable("staff_audit").set({ action: "nothing.happened" }).where("id", "=", row.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("staff_audit").where("id", "=", row.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate staff_audit`.execute(db)).rejects.toThrow(/append-only/);
    expect(await db.selectFrom("staff_audit").select("action").where("id", "=", row.id).executeTakeFirst()).toEqual({ action: "member.view" });
  });

  it("sends the console's own headers: no caching, no framing, no indexing, a nonce policy", async () => {
    const answer = await open("/login");
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["x-robots-tag"]).toContain("noindex");
    expect(String(answer.headers["content-security-policy"])).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });
});
