import { readFile, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPhoto } from "../../server/photos/photos";
import { photoUrls } from "../../server/photos/urls";
import type { Site } from "../../server/sites/schema";
import { createMember, sessionCookie } from "../support/accounts";
import { text } from "../support/catalog";
import { copyDemoSites } from "../support/site-fixtures";
import { requestAs, startTestServer, visitorIp, type PlainResponse, type TestServer } from "../support/test-server";

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Issue 13, class 8: what is hidden stays hidden (and the /media part of class 10). */
describe("what is hidden stays hidden", () => {
  let server: TestServer;

  beforeAll(async () => {
    // flirt-nl lets visitors browse here too, so the visitor limit can answer in Dutch.
    const sitesDir = await copyDemoSites();
    const flirtFile = path.join(sitesDir, "flirt-nl.json");
    await writeFile(flirtFile, JSON.stringify({ ...JSON.parse(await readFile(flirtFile, "utf8")), logged_out_search: true }));
    server = await startTestServer({ sitesDir });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const siteOf = (siteId: string) => server.sites.resolveHost(`${siteId}.localhost`) as Site;

  /** A GET as a visitor (a fresh address each time, unless one is given) or as a member. */
  const get = (siteId: string, pathname: string, { cookie, ip = visitorIp(), language }: { cookie?: string; ip?: string; language?: string } = {}) =>
    requestAs(server.port, `${siteId}.localhost`, pathname, {
      "x-forwarded-for": ip,
      ...(cookie ? { cookie } : {}),
      ...(language ? { "accept-language": language } : {}),
    });

  const post = (siteId: string, pathname: string, cookie: string, body: { form?: Record<string, string>; json?: unknown }) =>
    requestAs(
      server.port,
      `${siteId}.localhost`,
      pathname,
      {
        "x-forwarded-for": visitorIp(),
        origin: `http://${siteId}.localhost`,
        cookie,
        "content-type": body.form ? "application/x-www-form-urlencoded" : "application/json",
      },
      { method: "POST", body: body.form ? new URLSearchParams(body.form).toString() : JSON.stringify(body.json) },
    );

  async function signedIn(siteId: string, name = "Tester") {
    const member = await createMember(server, { siteId, name });
    return { ...member, cookie: (await sessionCookie(server, { siteId, accountId: member.accountId })).header };
  }

  describe("invisible profiles", () => {
    it("are not found by visitors or other members, as a missing id is not; their owner still has theirs", async () => {
      const hidden = await signedIn("gay-uk", "Hidden");
      const other = await signedIn("gay-uk", "Other");
      const page = `/members/${hidden.profileId}`;
      // Visible first: the profile really opens for both, so the 404s below come from invisibility alone.
      expect((await get("gay-uk", page)).status).toBe(200);
      expect((await get("gay-uk", page, { cookie: other.cookie })).status).toBe(200);

      const turned = await post("gay-uk", "/profile", hidden.cookie, { form: { intent: "invisible", invisible: "on" } });
      expect(turned.status).toBe(200);
      const missing = await get("gay-uk", `/members/${hidden.profileId + 1}`);
      expect(missing.status).toBe(404);
      for (const [who, answer] of [
        ["visitor", await get("gay-uk", page)],
        ["member", await get("gay-uk", page, { cookie: other.cookie })],
        ["member's data request", await get("gay-uk", `${page}.data`, { cookie: other.cookie })],
        ["member's chat", await get("gay-uk", `${page}/chat`, { cookie: other.cookie })],
        ["liked-me list", await get("gay-uk", `/likes/m/${hidden.profileId}`, { cookie: other.cookie })],
      ] as const) {
        expect([who, answer.status]).toEqual([who, 404]);
        expect(answer.body).not.toContain("Hidden");
      }
      // A like cannot reach an invisible profile either.
      await post("gay-uk", page, other.cookie, { form: { intent: "like" } });
      const likes = await server.store.db.selectFrom("likes").selectAll().where("liked_id", "=", hidden.profileId).execute();
      expect(likes).toEqual([]);

      // Its owner is sent to their own profile, which opens.
      const own = await get("gay-uk", page, { cookie: hidden.cookie });
      expect(own.status).toBe(302);
      expect(own.headers.location).toBe("/profile");
      expect((await get("gay-uk", "/profile", { cookie: hidden.cookie })).status).toBe(200);
    });
  });

  describe("member ids", () => {
    it("are random, 16-digit safe integers for new members, not a count anyone can walk", async () => {
      const ids: number[] = [];
      for (const name of ["Ida", "Jan", "Kim", "Lou"]) {
        const member = await signedIn("flirt-nl", name);
        const answer = JSON.parse((await get("flirt-nl", "/api/user.php", { cookie: member.cookie })).body) as { user: { profile: { id: number } } };
        ids.push(answer.user.profile.id);
      }
      for (const id of ids) {
        expect(Number.isSafeInteger(id)).toBe(true);
        expect(id).toBeGreaterThanOrEqual(2 ** 52);
      }
      expect(new Set(ids).size).toBe(ids.length);
      // Consecutive signups are far apart, in no order.
      const gaps = ids.slice(1).map((id, i) => Math.abs(id - (ids[i] as number)));
      expect(Math.min(...gaps)).toBeGreaterThan(1_000_000);
      // The screens that take an id take such an id as it is: the profile and the report form.
      expect((await get("flirt-nl", `/members/${ids[0]}`)).status).toBe(200);
      const reporter = await signedIn("flirt-nl", "Reporter");
      const report = await get("flirt-nl", `/complaints?profile=${ids[0]}`, { cookie: reporter.cookie });
      expect(report.body).toContain(`name="profile" value="${ids[0]}"`);
    });
  });

  describe("visitors' profile views", () => {
    const LIMIT = 60;

    it("are limited per address with a 429 in the visitor's language; members are not limited", async () => {
      const shown = await signedIn("flirt-nl", "Shown");
      const page = `/members/${shown.profileId}`;
      const ip = visitorIp();
      for (let view = 1; view <= LIMIT; view += 1) {
        const answer = await get("flirt-nl", page, { ip, language: "nl" });
        expect([view, answer.status]).toEqual([view, 200]);
      }
      const refused = await get("flirt-nl", page, { ip, language: "nl" });
      expect(refused.status).toBe(429);
      const [before, after] = text("nl", "members:limits.profileViews").split("{{minutes}}") as [string, string];
      expect(refused.body).toMatch(new RegExp(`${escape(before)}\\d+${escape(after)}`));
      // Missing ids count too, so probing ids costs the same.
      expect((await get("flirt-nl", `/members/${shown.profileId + 1}`, { ip })).status).toBe(429);
      // Another address is not affected.
      expect((await get("flirt-nl", page)).status).toBe(200);

      // A member from that very address browses on.
      const member = await signedIn("flirt-nl", "Browser");
      for (let view = 1; view <= LIMIT + 5; view += 1) {
        const answer = await get("flirt-nl", page, { ip, cookie: member.cookie });
        expect([view, answer.status]).toEqual([view, 200]);
      }
    });
  });

  describe("/media", () => {
    it("serves a photo only on the hosts of its pool; the shared demo avatars everywhere", async () => {
      const owner = await signedIn("flirt-nl", "Photographer");
      const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#a63" } }).jpeg().toBuffer();
      const flirt = siteOf("flirt-nl");
      const added = await addPhoto({ db: server.store.db, storage: server.services.photos, site: flirt, profileId: owner.profileId, accountId: owner.accountId, bytes });
      if (!added.ok) throw new Error(added.error);
      const urls = photoUrls(flirt, added.photo);
      expect(siteOf("gay-uk").pool).not.toBe(flirt.pool);
      for (const url of [urls.filename, urls.thumb_filename]) {
        expect((await get("flirt-nl", url)).status).toBe(200);
        for (const other of ["gay-uk", "milf-de", "bbw-us"]) {
          const answer = await get(other, url);
          expect([other, url, answer.status]).toEqual([other, url, 404]);
          expect(answer.headers["content-type"]).not.toBe("image/webp");
        }
      }
      // The same file reached through another pool's folder by a path trick is not served either.
      const file = urls.filename.slice("/media/".length);
      for (const trick of [`/media/gay-uk/..%2F${file}`, `/media/gay-uk%2F..%2F${file}`, `/media/gay-uk/%2e%2e/${file}`, `/media/demo/..%2F${file}`]) {
        const answer = await get("gay-uk", trick);
        expect([trick, answer.status]).toEqual([trick, answer.status >= 400 && answer.status < 500 ? answer.status : "4xx"]);
        expect(answer.headers["content-type"]).not.toBe("image/webp");
      }

      await server.services.photos.put("demo/shared-test.webp", bytes, "image/webp");
      for (const host of ["flirt-nl", "gay-uk"]) expect((await get(host, "/media/demo/shared-test.webp")).status).toBe(200);
    });

    it("answers malformed and hostile paths with 4xx, never 500", async () => {
      for (const pathname of ["/media/%00", "/media/%", "/media/%zz", "/media/a%2F..%2Fb", "/media/flirt-nl/%00.webp", "/media/flirt-nl/x%E0%A4%A.webp", "/media/%2e%2e/", "/media/flirt-nl/%2e%2e/gay-uk", "/media/flirt-nl"]) {
        const answer: PlainResponse = await get("flirt-nl", pathname);
        expect([pathname, answer.status >= 400 && answer.status < 500]).toEqual([pathname, true]);
      }
    });
  });

  describe("the event stream's catch-up", () => {
    /** The raw frames of /api/events opened with a Last-Event-ID, until `done` holds. */
    function catchUp(siteId: string, cookie: string, lastEventId: number, done: (frames: string) => boolean): Promise<string> {
      return new Promise((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: server.port,
            path: "/api/events",
            headers: { host: `${siteId}.localhost`, cookie, accept: "text/event-stream", "last-event-id": String(lastEventId) },
          },
          (response) => {
            let frames = "";
            response.setEncoding("utf8");
            const timer = setTimeout(() => {
              req.destroy();
              reject(new Error(`no catch-up in time; got ${frames}`));
            }, 10_000);
            response.on("data", (chunk: string) => {
              frames += chunk;
              if (!done(frames)) return;
              clearTimeout(timer);
              req.destroy();
              resolve(frames);
            });
          },
        );
        req.on("error", (error) => (error.message.includes("socket hang up") ? undefined : reject(error)));
        req.end();
      });
    }

    it("sends nothing older than the site's chat history limit (gay-uk keeps 365 days)", async () => {
      expect(siteOf("gay-uk").chat_history_days).toBe(365);
      const ann = await signedIn("gay-uk", "Ann");
      const bob = await signedIn("gay-uk", "Bob");
      const first = await post("gay-uk", "/api/chat.php", ann.cookie, { json: { profile: bob.profileId, client_id: "hidden-first-message", body: "first" } });
      expect(first.status).toBe(200);
      const { message } = JSON.parse(first.body) as { message: { id: number; conversation_id: number } };
      // A message from before the limit, stored after the first one (ids grow, dates need not).
      const old = await server.store.db
        .insertInto("messages")
        .values({ conversation_id: message.conversation_id, sender_id: ann.profileId, kind: "text", body: "older than a year", created_at: new Date(Date.now() - 400 * 86_400_000) })
        .returning("id")
        .executeTakeFirstOrThrow();
      const recent = await post("gay-uk", "/api/chat.php", ann.cookie, { json: { conversation: message.conversation_id, client_id: "hidden-recent-message", body: "recent" } });
      expect(recent.status).toBe(200);

      // Bob's tab says it last had the first message: the catch-up starts there.
      const frames = await catchUp("gay-uk", bob.cookie, message.id, (all) => all.includes('"body":"recent"'));
      expect(frames).not.toContain("older than a year");
      expect(frames).not.toContain(`id: ${old.id}\n`);
      // The message list holds the same line.
      const listed = await get("gay-uk", `/api/chat.php?conversation=${message.conversation_id}`, { cookie: bob.cookie });
      expect(listed.body).not.toContain("older than a year");
    });
  });

  describe("push subscriptions", () => {
    const subscription = (endpoint: string) => ({
      subscription: { endpoint, expirationTime: null, keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" } },
    });

    it("are refused with 400 and a clear message unless the endpoint is a public https push service", async () => {
      const member = await signedIn("flirt-nl");
      const refusedEndpoints = [
        "https://127.0.0.1/push/abc",
        "http://push.example/abc",
        "http://fcm.googleapis.com/fcm/send/abc",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::1]/",
        "https://[::ffff:127.0.0.1]/",
        "https://[fe80::1]/",
        "https://10.0.0.8/",
        "https://192.168.1.1/",
        "https://2130706433/",
        "https://0x7f.1/",
        "https://localhost/",
        "https://flirt-nl.localhost./",
        "https://metadata/",
        "https://printer.local/",
        "https://fcm.googleapis.com:8443/fcm/send/abc",
        "https://user:secret@fcm.googleapis.com/fcm/send/abc",
      ];
      for (const endpoint of refusedEndpoints) {
        const answer = await post("flirt-nl", "/api/user.php?push=1", member.cookie, { json: subscription(endpoint) });
        expect([endpoint, answer.status]).toEqual([endpoint, 400]);
        expect(JSON.parse(answer.body)).toEqual({ error: "endpoint_refused", message: text("nl", "banners:pushEndpoint.refused") });
      }
      const stored = await server.store.db.selectFrom("push_subscriptions").select("endpoint").where("account_id", "=", member.accountId).execute();
      expect(stored).toEqual([]);

      for (const endpoint of ["https://fcm.googleapis.com/fcm/send/abc:def", "https://updates.push.services.mozilla.com/wpush/v2/gAAAA", "https://web.push.apple.com/QGx"]) {
        const answer = await post("flirt-nl", "/api/user.php?push=1", member.cookie, { json: subscription(endpoint) });
        expect([endpoint, answer.status]).toEqual([endpoint, 200]);
      }
    });
  });
});
