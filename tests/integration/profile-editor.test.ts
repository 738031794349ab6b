import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPhoto, approvePhoto, deletePhoto, movePhoto, photosOf, setMainPhoto } from "../../server/photos/photos";
import { createMember, sessionCookie } from "../support/accounts";
import { text } from "../support/catalog";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

/** The profile editor's rules on the real server and store: the photo order, and city and region. */
describe("profile editor", () => {
  let server: TestServer;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#a63" } }).jpeg().toBuffer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.store.db;
  const site = (siteId: string) => server.sites.byId(siteId)!;
  const order = async (profileId: number) =>
    (await db().selectFrom("photos").select("id").where("profile_id", "=", profileId).where("status", "<>", "deleted").orderBy("position").orderBy("id").execute()).map((row) => row.id);
  const mainOf = async (profileId: number) => (await db().selectFrom("profiles").select("main_photo_id").where("id", "=", profileId).executeTakeFirstOrThrow()).main_photo_id;

  async function photos(member: { accountId: number; profileId: number }, count: number, onSite = site("flirt-nl")) {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const added = await addPhoto({ db: db(), storage: server.services.photos, site: onSite, profileId: member.profileId, accountId: member.accountId, bytes: photo });
      if (!added.ok) throw new Error(added.error);
      ids.push(added.photo.id);
    }
    return ids;
  }

  describe("the photo order", () => {
    it("moves photos one place at a time, never past either end, and the first live photo is the main one", async () => {
      const member = await createMember(server, { siteId: "flirt-nl", name: "Order" });
      await db().updateTable("accounts").set({ paid_user: true }).where("id", "=", member.accountId).execute();
      const [a, b, c] = await photos(member, 3);
      const owner = { db: db(), siteId: "flirt-nl", profileId: member.profileId };
      expect(await mainOf(member.profileId)).toBe(a);

      expect(await movePhoto({ ...owner, photoId: a!, to: "earlier" })).toEqual({ ok: true });
      expect(await order(member.profileId)).toEqual([a, b, c]);
      expect(await movePhoto({ ...owner, photoId: a!, to: "later" })).toEqual({ ok: true });
      expect(await order(member.profileId)).toEqual([b, a, c]);
      expect(await mainOf(member.profileId)).toBe(b);
      expect(await movePhoto({ ...owner, photoId: c!, to: "later" })).toEqual({ ok: true });
      expect(await order(member.profileId)).toEqual([b, a, c]);

      // A new photo goes last; the owner's page and other members read the same order.
      const [d] = await photos(member, 1);
      expect(await order(member.profileId)).toEqual([b, a, c, d]);
      expect((await photosOf({ db: db(), profileId: member.profileId, viewer: "owner" })).map((entry) => entry.id)).toEqual([b, a, c, d]);
      expect((await photosOf({ db: db(), profileId: member.profileId, viewer: "other" })).map((entry) => entry.id)).toEqual([b, a, c, d]);

      expect(await setMainPhoto({ ...owner, photoId: c! })).toEqual({ ok: true });
      expect(await order(member.profileId)).toEqual([c, b, a, d]);
      expect(await mainOf(member.profileId)).toBe(c);

      // Deleting the main photo hands the role to the next photo of the order, not the oldest.
      expect(await deletePhoto({ ...owner, storage: server.services.photos, photoId: c! })).toEqual({ ok: true });
      expect(await mainOf(member.profileId)).toBe(b);
    });

    it("moves only the member's own photos on their own site", async () => {
      const owner = await createMember(server, { siteId: "flirt-nl", name: "Mine" });
      const stranger = await createMember(server, { siteId: "flirt-nl", name: "Theirs" });
      const [mine] = await photos(owner, 1);
      expect(await movePhoto({ db: db(), siteId: "flirt-nl", profileId: stranger.profileId, photoId: mine!, to: "earlier" })).toEqual({ ok: false, error: "not_found" });
      expect(await movePhoto({ db: db(), siteId: "gay-uk", profileId: owner.profileId, photoId: mine!, to: "later" })).toEqual({ ok: false, error: "not_found" });
    });

    it("keeps a photo in review out of the main place until approved at the front", async () => {
      const member = await createMember(server, { siteId: "flirt-nl", name: "Review" });
      const [live] = await photos(member, 1);
      const [reviewed] = await photos(member, 1, { ...site("flirt-nl"), photo_review: true });
      const owner = { db: db(), siteId: "flirt-nl", profileId: member.profileId };
      expect(await movePhoto({ ...owner, photoId: reviewed!, to: "earlier" })).toEqual({ ok: true });
      expect(await order(member.profileId)).toEqual([reviewed, live]);
      expect(await mainOf(member.profileId)).toBe(live);
      expect(await setMainPhoto({ ...owner, photoId: reviewed! })).toEqual({ ok: false, error: "not_active" });

      expect(await approvePhoto({ db: db(), siteId: "flirt-nl", photoId: reviewed! })).toEqual({ ok: true, main: true });
      expect(await mainOf(member.profileId)).toBe(reviewed);
    });
  });

  describe("city and region", () => {
    /** Posts the profile form as a browser without JavaScript does; answers the page and the stored place. */
    async function save(siteId: string, member: { accountId: number; profileId: number; name: string }, place: Record<string, string>) {
      const cookie = await sessionCookie(server, { siteId, accountId: member.accountId });
      const body = new URLSearchParams({ intent: "profile", name: member.name, date_of_birth: "1990-04-01", ...place }).toString();
      const answer = await requestAs(
        server.port,
        `${siteId}.localhost`,
        "/profile",
        { cookie: cookie.header, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": visitorIp() },
        { method: "POST", body },
      );
      const stored = await db().selectFrom("profiles").select(["country", "region", "city"]).where("id", "=", member.profileId).executeTakeFirstOrThrow();
      return { answer, stored };
    }

    it("refuses a city with a region it does not lie in, in the visitor's language, and stores nothing", async () => {
      const member = await createMember(server, { siteId: "flirt-nl", name: "Sanne" });
      const { answer, stored } = await save("flirt-nl", member, { country: "NL", region: "LI", city: "Haarlem" });
      expect(answer.status).toBe(200);
      // The page carries its catalogue too: only the filled-in text shows the refusal is on it.
      expect(answer.body).toContain(text("nl", "members:edit.regionMismatch", { city: "Haarlem", region: "Limburg" }));
      expect(stored).toEqual({ country: "NL", region: null, city: null });

      const american = await createMember(server, { siteId: "bbw-us", name: "Jolene" });
      const refused = await save("bbw-us", american, { country: "US", region: "AK", city: "Miami" });
      expect(refused.answer.body).toContain(text("en", "members:edit.regionMismatch", { city: "Miami", region: "Alaska" }));
      expect(refused.stored.region).toBeNull();
    });

    it("takes the region from a city only one region has, keeps a region that a town of the name lies in, and any region for a town it does not know", async () => {
      const member = await createMember(server, { siteId: "flirt-nl", name: "Joost" });
      expect((await save("flirt-nl", member, { country: "NL", region: "", city: "Haarlem" })).stored).toEqual({ country: "NL", region: "NH", city: "Haarlem" });
      expect((await save("flirt-nl", member, { country: "NL", region: "LI", city: "maastricht" })).stored).toEqual({ country: "NL", region: "LI", city: "maastricht" });
      expect((await save("flirt-nl", member, { country: "NL", region: "ZE", city: "Nergenshuizen" })).stored).toEqual({ country: "NL", region: "ZE", city: "Nergenshuizen" });

      const american = await createMember(server, { siteId: "bbw-us", name: "Dolly" });
      // Four states have a Miami: the member's choice among them stands, and none is guessed.
      expect((await save("bbw-us", american, { country: "US", region: "OK", city: "Miami" })).stored).toEqual({ country: "US", region: "OK", city: "Miami" });
      expect((await save("bbw-us", american, { country: "US", region: "", city: "Miami" })).stored).toEqual({ country: "US", region: null, city: "Miami" });
    });

    it("suggests towns with their regions to members only", async () => {
      const member = await createMember(server, { siteId: "flirt-nl", name: "Typist" });
      const cookie = await sessionCookie(server, { siteId: "flirt-nl", accountId: member.accountId });
      const answer = await requestAs(server.port, "flirt-nl.localhost", "/api/towns?country=NL&city=Den%20H", { cookie: cookie.header });
      expect(JSON.parse(answer.body)).toEqual({
        towns: [
          { city: "Den Haag", region: "ZH" },
          { city: "Den Ham", region: "OV" },
          { city: "Den Helder", region: "NH" },
        ],
        regions: [],
      });
      const exact = await requestAs(server.port, "flirt-nl.localhost", "/api/towns?country=NL&city=den%20helder", { cookie: cookie.header });
      expect(JSON.parse(exact.body).regions).toEqual(["NH"]);
      // A country the brand does not serve has no towns here.
      expect(JSON.parse((await requestAs(server.port, "flirt-nl.localhost", "/api/towns?country=US&city=Miami", { cookie: cookie.header })).body)).toEqual({ towns: [], regions: [] });
      expect((await requestAs(server.port, "flirt-nl.localhost", "/api/towns?country=NL&city=Den")).status).toBe(403);
    });
  });
});
