import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Member } from "../../server/accounts/member";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { AUTO_LIKE_EVERY_MS, autoLike } from "../../server/likes/auto-like";
import { likeProfile, likesBetween, unlikeProfile } from "../../server/likes/likes";
import { countLikes, countNewLikes, listLikes } from "../../server/likes/lists";
import { blockProfile } from "../../server/profiles/blocks";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile, addSite } from "../support/store-fixtures";

const TODAY = "2026-11-22";

describe("likes, matches and auto-likes", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("likes", database.url) });
    await migrate(store);
    site = await addSite(store, "likes-nl");
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  /** A profile with an account: a real member, whom auto-likes never speak for. */
  async function member(name: string, gender: "male" | "female" = "male"): Promise<number> {
    const account = await store.db
      .insertInto("accounts")
      .values({ site_id: site.id, email: `${name.toLowerCase()}@example.com`, password_hash: "x", status: "confirmed", language: "nl", country: "NL", date_of_birth: "1990-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = await addProfile(store, site, { name, gender });
    await store.db.updateTable("profiles").set({ account_id: account.id }).where("id", "=", id).execute();
    return id;
  }

  const viewerOf = (profileId: number) => ({ site, viewerProfileId: profileId, today: TODAY });
  const names = (rows: { name: string }[]) => rows.map((row) => row.name);

  it("tells a fresh like, a repeated one and a match apart", async () => {
    const ann = await member("Ann", "female");
    const bob = await member("Bob");
    expect(await likeProfile(store.db, { pool: site.pool, likerId: bob, likedId: ann })).toEqual({ stands: true, fresh: true, match: false });
    expect(await likeProfile(store.db, { pool: site.pool, likerId: bob, likedId: ann })).toEqual({ stands: true, fresh: false, match: false });
    expect(await likeProfile(store.db, { pool: site.pool, likerId: ann, likedId: bob })).toEqual({ stands: true, fresh: true, match: true });
    expect(await likeProfile(store.db, { pool: site.pool, likerId: ann, likedId: ann })).toEqual({ stands: false });

    expect(names(await listLikes(store.db, { ...viewerOf(ann), tab: "matches" }))).toEqual(["Bob"]);
    expect(names(await listLikes(store.db, { ...viewerOf(bob), tab: "matches" }))).toEqual(["Ann"]);
    expect(await countLikes(store.db, viewerOf(ann))).toEqual({ received: 1, given: 1, matches: 1 });
  });

  it("keeps like_new until the profile is opened", async () => {
    const cleo = await member("Cleo", "female");
    const dirk = await member("Dirk");
    await likeProfile(store.db, { pool: site.pool, likerId: dirk, likedId: cleo });
    const [received] = await listLikes(store.db, { ...viewerOf(cleo), tab: "received" });
    expect(received).toMatchObject({ name: "Dirk", likeNew: true, likesViewer: true, likedByViewer: false });
    expect(await countNewLikes(store.db, viewerOf(cleo))).toBe(1);
    // Dirk opening Cleo's profile changes nothing for Cleo.
    await likesBetween(store.db, { viewerId: dirk, profileId: cleo });
    expect(await countNewLikes(store.db, viewerOf(cleo))).toBe(1);
    await likesBetween(store.db, { viewerId: cleo, profileId: dirk });
    expect(await countNewLikes(store.db, viewerOf(cleo))).toBe(0);
    expect((await listLikes(store.db, { ...viewerOf(cleo), tab: "received" }))[0]?.likeNew).toBe(false);
  });

  it("leaves invisible and blocked members out of lists and counts", async () => {
    const eva = await member("Eva", "female");
    const finn = await member("Finn");
    const gijs = await member("Gijs");
    const hidde = await member("Hidde");
    for (const liker of [finn, gijs, hidde]) await likeProfile(store.db, { pool: site.pool, likerId: liker, likedId: eva });
    expect(await countNewLikes(store.db, viewerOf(eva))).toBe(3);
    await store.db.updateTable("profiles").set({ invisible: true }).where("id", "=", finn).execute();
    await blockProfile(store.db, { pool: site.pool, blockerId: eva, blockedId: gijs });
    expect(names(await listLikes(store.db, { ...viewerOf(eva), tab: "received" }))).toEqual(["Hidde"]);
    expect(await countNewLikes(store.db, viewerOf(eva))).toBe(1);
    await unlikeProfile(store.db, { likerId: hidde, likedId: eva });
    expect(await countLikes(store.db, viewerOf(eva))).toEqual({ received: 0, given: 0, matches: 0 });
  });

  it("auto-likes come only from profiles the site runs, once an hour", async () => {
    const ivo = await member("Ivo");
    const me = { profileId: ivo, gender: "male", sexuality: "hetero" } as Member;
    await member("Real woman", "female");
    const run = await addProfile(store, site, { name: "Site profile", gender: "female" });
    const photo = await store.db
      .insertInto("photos")
      .values({ profile_id: run, filename: "a.webp", thumb_filename: "a-t.webp", width: 400, height: 400, status: "active" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await store.db.updateTable("profiles").set({ main_photo_id: photo.id }).where("id", "=", run).execute();

    const now = new Date();
    const first = await autoLike(store.db, { site, member: me, today: TODAY, now });
    expect(first).toMatchObject({ id: run, name: "Site profile" });
    expect(first?.main_image?.match).toContain("a-t.webp");
    const again = await autoLike(store.db, { site, member: me, today: TODAY, now: new Date(now.getTime() + 60_000) });
    expect(again?.id).toBe(run);
    const liked = await store.db.selectFrom("likes").select(["liker_id", "source"]).where("liked_id", "=", ivo).execute();
    expect(liked).toEqual([{ liker_id: run, source: "auto" }]);

    // An hour on, the only candidate already likes Ivo: there is nobody new to offer.
    expect(await autoLike(store.db, { site, member: me, today: TODAY, now: new Date(now.getTime() + AUTO_LIKE_EVERY_MS + 1) })).toBeNull();
  });

  it("uses a named profile only when it is the site's and findable", async () => {
    const jan = await member("Jan");
    const me = { profileId: jan, gender: "male", sexuality: "hetero" } as Member;
    const realOne = await member("Kim", "female");
    expect(await autoLike(store.db, { site, member: me, today: TODAY, profileId: realOne })).toBeNull();
    const hidden = await addProfile(store, site, { name: "Hidden", invisible: true });
    expect(await autoLike(store.db, { site, member: me, today: TODAY, profileId: hidden })).toBeNull();
    const named = await addProfile(store, site, { name: "Named" });
    expect(await autoLike(store.db, { site, member: me, today: TODAY, profileId: named })).toMatchObject({ id: named, main_image: null });
    expect(names(await listLikes(store.db, { ...viewerOf(jan), tab: "received" }))).toEqual(["Named"]);
  });

  it("pages a tab newest first, without losing or repeating a like", async () => {
    const kees = await member("Kees");
    const base = Date.UTC(2026, 10, 1, 12, 0, 0);
    const likers: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const liker = await addProfile(store, site, { name: `Liker ${i}` });
      likers.push(liker);
      // Likes 3 and 4 share a millisecond and differ in microseconds; the first page ends between them.
      const at = i === 3 ? "2026-11-01T12:00:03.000100Z" : i === 4 ? "2026-11-01T12:00:03.000400Z" : new Date(base + i * 1000).toISOString();
      await store.db.insertInto("likes").values({ liker_id: liker, liked_id: kees, created_at: at }).execute();
    }
    const pages: string[][] = [];
    let olderThan: { likedAt: Date; id: number } | undefined;
    for (;;) {
      const page = await listLikes(store.db, { ...viewerOf(kees), tab: "received", limit: 3, olderThan });
      if (page.length === 0) break;
      pages.push(names(page));
      const last = page.at(-1)!;
      olderThan = { likedAt: last.likedAt, id: last.id };
    }
    const seen = pages.flat();
    // Each like exactly once, and the first page ends inside the shared millisecond.
    expect([...seen].sort()).toEqual(["Liker 0", "Liker 1", "Liker 2", "Liker 3", "Liker 4", "Liker 5", "Liker 6"]);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    // Within a millisecond the (random) profile id decides, so likes 3 and 4 come in either order.
    expect(seen.slice(0, 2)).toEqual(["Liker 6", "Liker 5"]);
    expect(seen.slice(2, 4).sort()).toEqual(["Liker 3", "Liker 4"]);
    expect(seen.slice(4)).toEqual(["Liker 2", "Liker 1", "Liker 0"]);
  });
});
