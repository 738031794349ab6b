import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_REQUEST_HEADER } from "../../app/lib/api";
import { createMember, sessionCookie } from "../support/accounts";
import { EventStream } from "../support/event-stream";
import { addProfile } from "../support/store-fixtures";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";

/** Issue 13, classes 7 (limits that hold) and 11 (the niche hides no side), through HTTP. */

const SITE = "flirt-nl";
const HOST = `${SITE}.localhost`;
/** Small enough to reach in a test: one member's ten streams and two more. */
const STREAMS_PER_INSTANCE = 12;

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("limits that hold and a niche that hides no side", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { EVENT_STREAMS_PER_INSTANCE: String(STREAMS_PER_INSTANCE) } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function signedIn(
    siteId: string,
    name: string,
    profile: { gender?: "male" | "female"; sexuality?: "hetero"; date_of_birth?: string; body_type?: "curvy" | "slim" } = {},
  ) {
    const created = await createMember(server, { siteId, name });
    if (Object.keys(profile).length > 0) await server.store.db.updateTable("profiles").set(profile).where("id", "=", created.profileId).execute();
    const cookie = (await sessionCookie(server, { siteId, accountId: created.accountId })).header;
    const host = new URL(server.origin(siteId)).host;
    // As the app's own scripts call: GET endpoints that change state answer only those.
    const get = (pathname: string) => requestAs(server.port, host, pathname, { cookie, "accept-language": "nl", ...CLIENT_REQUEST_HEADER });
    const postForm = (pathname: string, fields: Record<string, string>) =>
      requestAs(
        server.port,
        host,
        pathname,
        { cookie, "content-type": "application/x-www-form-urlencoded", origin: server.origin(siteId), "accept-language": "nl" },
        { method: "POST", body: new URLSearchParams(fields).toString() },
      );
    return { ...created, cookie, host, get, postForm };
  }

  describe("event streams", () => {
    const open: EventStream[] = [];
    const openStream = async (cookie: string) => {
      const stream = new EventStream({ port: server.port, host: HOST, headers: { cookie } });
      open.push(stream);
      await stream.opened();
      return stream;
    };

    afterAll(async () => {
      for (const stream of open) stream.close();
      await until(() => server.services.live.tabCount === 0, "every stream closed");
    });

    it("keeps a member's newest 10 streams, telling the oldest not to come back", async () => {
      const ann = await signedIn(SITE, "Ann");
      const tabs: EventStream[] = [];
      for (let tab = 0; tab < 12; tab += 1) tabs.push(await openStream(ann.cookie));
      const [first, second, ...kept] = tabs as [EventStream, EventStream, ...EventStream[]];
      for (const closed of [first, second]) {
        await closed.until((events) => events.some((event) => event.event === "closed"), { what: "the closed event" });
        expect(JSON.parse(closed.events.find((event) => event.event === "closed")?.data ?? "null")).toEqual({ type: "closed", reason: "newer_tab" });
      }
      expect(server.services.live.tabCount).toBe(10);

      // A like reaches the ten kept streams, not the closed ones, which did not reconnect.
      const bob = await signedIn(SITE, "Bob");
      expect((await bob.postForm(`/members/${ann.profileId}`, { intent: "like" })).status).toBeLessThan(400);
      for (const stream of kept) await stream.until((events) => events.some((event) => event.event === "resync"), { what: "the like's resync" });
      for (const closed of [first, second]) {
        expect(closed.connections).toBe(1);
        expect(closed.events.some((event) => event.event === "resync")).toBe(false);
      }
    });

    it("answers 503 with Retry-After when the instance holds all the streams it may", async () => {
      const cleo = await signedIn(SITE, "Cleo");
      // Ann's ten are still open: two more fill the instance.
      await openStream(cleo.cookie);
      await openStream(cleo.cookie);
      const refused = await requestAs(server.port, HOST, "/api/events", { cookie: cleo.cookie, accept: "text/event-stream" });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(server.services.live.tabCount).toBe(STREAMS_PER_INSTANCE);

      // A stream that ends makes room for the next.
      open.pop()?.close();
      await until(() => server.services.live.tabCount === STREAMS_PER_INSTANCE - 1, "a stream's room freed");
      await openStream(cleo.cookie);
    });
  });

  describe("the once-an-hour auto-like", () => {
    it("adds no second like within the hour, whichever profile the address names", async () => {
      const site = server.sites.resolveHost(HOST)!;
      const dana = await signedIn(SITE, "Dana");
      const first = await addProfile(server.store, site, { name: "Site Eerste", photo: true });
      const second = await addProfile(server.store, site, { name: "Site Tweede", photo: true });
      const autoLike = async (profile: number) => JSON.parse((await dana.get(`/api/auto-like.php?profile=${profile}`)).body) as { profile: { id: number } | null };

      expect((await autoLike(first)).profile?.id).toBe(first);
      // Naming another profile answers the hour's like, and naming the first again changes nothing.
      expect((await autoLike(second)).profile?.id).toBe(first);
      expect((await autoLike(first)).profile?.id).toBe(first);
      const likers = await server.store.db.selectFrom("likes").select("liker_id").where("liked_id", "=", dana.profileId).execute();
      expect(likers).toEqual([{ liker_id: first }]);
    });
  });

  describe("profile names on edit", () => {
    it("refuses the member's own e-mail address and the brand's name with §5's message, as at signup", async () => {
      const eva = await signedIn(SITE, "Eva");
      const edit = (name: string) => eva.postForm("/profile", { intent: "profile", name, date_of_birth: "1990-04-01", country: "NL" });
      const nameNow = async () => (await server.store.db.selectFrom("profiles").select("name").where("id", "=", eva.profileId).executeTakeFirstOrThrow()).name;

      expect((await edit(` ${eva.email.toUpperCase()} `)).body).toContain("Je profielnaam moet anders zijn dan je e-mailadres");
      expect(await nameNow()).toBe("Eva");
      for (const brandName of ["FlirtNL", "flirt nl", "Flirt-NL"]) {
        expect((await edit(brandName)).body).toContain("Je profielnaam moet anders zijn dan de naam van deze site");
      }
      expect(await nameNow()).toBe("Eva");
      await edit("Eva Flirt");
      expect(await nameNow()).toBe("Eva Flirt");
    });
  });

  describe("a niche that hides no side of the market", () => {
    /** Each brand features some women: a woman like that, and a woman it does not feature. */
    const BRANDS = [
      { siteId: "milf-de", featured: { date_of_birth: "1975-03-01" }, notFeatured: { date_of_birth: "2001-03-01" } },
      { siteId: "bbw-us", featured: { body_type: "curvy" as const }, notFeatured: { body_type: "slim" as const } },
    ];

    for (const { siteId, featured, notFeatured } of BRANDS) {
      it(`on ${siteId} a woman sees the man who likes her and finds men, and a man still sees only the featured women`, async () => {
        const site = server.sites.resolveHost(`${siteId}.localhost`)!;
        const country = site.countries[0]!;
        const shown = await addProfile(server.store, site, { name: `Featured ${siteId}`, country, born: featured.date_of_birth });
        const hidden = await addProfile(server.store, site, { name: `Unfeatured ${siteId}`, country, born: notFeatured.date_of_birth });
        for (const [id, traits] of [[shown, featured], [hidden, notFeatured]] as const) {
          if ("body_type" in traits) await server.store.db.updateTable("profiles").set({ body_type: traits.body_type }).where("id", "=", id).execute();
        }
        const woman = await signedIn(siteId, `Frau ${siteId}`, { gender: "female", sexuality: "hetero", ...featured });
        const man = await signedIn(siteId, `Mann ${siteId}`, { gender: "male", sexuality: "hetero" });
        expect((await man.postForm(`/members/${woman.profileId}`, { intent: "like" })).status).toBeLessThan(400);

        const likes = JSON.parse((await woman.get("/api/likes.php")).body) as { liked_by: { id: number }[] };
        expect(likes.liked_by.map((like) => like.id)).toEqual([man.profileId]);
        expect((await woman.get("/likes")).body).toContain(`Mann ${siteId}`);
        const womanSearches = (await woman.get("/members?gender=male")).body;
        expect(womanSearches).toContain(`Mann ${siteId}`);

        const manSearches = (await man.get("/members?gender=female")).body;
        expect(manSearches).toContain(`Featured ${siteId}`);
        expect(manSearches).toContain(`Frau ${siteId}`);
        expect(manSearches).not.toContain(`Unfeatured ${siteId}`);
        // Visitors (where they may search) see what the brand features, and no man.
        const visitor = (await requestAs(server.port, woman.host, "/members")).body;
        if (site.logged_out_search) expect(visitor).toContain(`Featured ${siteId}`);
        expect(visitor).not.toContain(`Mann ${siteId}`);
      });
    }
  });
});
