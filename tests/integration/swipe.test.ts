import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { likeProfile } from "../../server/likes/likes";
import { dealSwipeCards, memberDay, SWIPE_LIKES_PER_DAY, swipeLike, swipeLikesLeft, swipePass, type Swiper } from "../../server/likes/swipe";
import { blockProfile } from "../../server/profiles/blocks";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile as addFixtureProfile, addSite, type NewProfile } from "../support/store-fixtures";

// 10:00 in Amsterdam (CET, UTC+1) on an ordinary Tuesday.
const NOW = new Date("2026-03-10T09:00:00Z");
const TODAY = "2026-03-10";

let store: Store;
let drop: () => Promise<void>;
let siteCount = 0;

beforeAll(async () => {
  const database = await freshDatabaseUrl();
  drop = database.drop;
  store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("swipe", database.url) });
  await migrate(store);
});

afterAll(async () => {
  await store?.close();
  await drop?.();
});

/** A brand of its own for each test, so no test sees another's profiles. */
const freshSite = (): Promise<Site> => addSite(store, `swipe-${(siteCount += 1)}`);

const addProfile = (site: Site, profile: NewProfile): Promise<number> => addFixtureProfile(store, site, profile);

/** A straight man of the Netherlands playing the game; he is dealt women. */
async function addSwiper(site: Site, { paidUser = false } = {}): Promise<Swiper> {
  const profileId = await addProfile(site, { name: "Swiper", gender: "male" });
  return { profileId, country: "NL", paidUser, gender: "male", sexuality: "hetero" };
}

async function addWomen(site: Site, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await addProfile(site, { name: `Woman ${i}` }));
  return ids;
}

const dealtNames = async (site: Site, member: Swiper) => (await dealSwipeCards(store.db, { site, member, today: TODAY, limit: 20 })).map((card) => card.name);

describe("swipe game likes", () => {
  it("gives a free member 4 likes a day, then refuses with the moment new likes come", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    const women = await addWomen(site, SWIPE_LIKES_PER_DAY + 1);
    const left: (number | null)[] = [];
    for (const likedId of women.slice(0, SWIPE_LIKES_PER_DAY)) {
      const outcome = await swipeLike(store.db, { site, member, likedId, now: NOW });
      if (outcome.refused) throw new Error(`like refused: ${outcome.refused}`);
      expect(outcome.fresh).toBe(true);
      left.push(outcome.likesLeft);
    }
    expect(left).toEqual([3, 2, 1, 0]);
    const fifth = await swipeLike(store.db, { site, member, likedId: women[4]!, now: NOW });
    // Midnight in Amsterdam, not in UTC.
    expect(fifth).toMatchObject({ refused: "limit", resetsAt: new Date("2026-03-10T23:00:00Z") });
    expect(await swipeLikesLeft(store.db, { site, member, now: NOW })).toEqual({ likesLeft: 0, resetsAt: new Date("2026-03-10T23:00:00Z") });
    const stored = await store.db.selectFrom("likes").select(["liked_id", "source"]).where("liker_id", "=", member.profileId).execute();
    expect(stored).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(new Set(stored.map((like) => like.source))).toEqual(new Set(["swipe"]));
  });

  it("counts the member's day in their time zone: 23:30 yesterday does not count, 00:30 today does", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    const [lateYesterday, earlyToday, fromProfile] = await addWomen(site, 3);
    // 23:30 on 9 March in Amsterdam is 22:30 UTC; 00:30 on 10 March is still 9 March in UTC.
    await store.db
      .insertInto("likes")
      .values([
        { liker_id: member.profileId, liked_id: lateYesterday!, source: "swipe", created_at: "2026-03-09T22:30:00Z" },
        { liker_id: member.profileId, liked_id: earlyToday!, source: "swipe", created_at: "2026-03-09T23:30:00Z" },
        // Likes from a profile screen are not the game's.
        { liker_id: member.profileId, liked_id: fromProfile!, source: "profile", created_at: "2026-03-10T08:00:00Z" },
      ])
      .execute();
    expect((await swipeLikesLeft(store.db, { site, member, now: NOW })).likesLeft).toBe(SWIPE_LIKES_PER_DAY - 1);
    // A member of New York plays on New York's day: both likes fall on 9 March there.
    expect((await swipeLikesLeft(store.db, { site, member: { ...member, country: "US" }, now: NOW })).likesLeft).toBe(SWIPE_LIKES_PER_DAY);
  });

  it("knows days of 23 hours: the night clocks go forward", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    expect(memberDay(site, member, new Date("2026-03-29T12:00:00Z"))).toEqual({
      start: new Date("2026-03-28T23:00:00Z"),
      end: new Date("2026-03-29T22:00:00Z"),
    });
  });

  it("lets a premium member like without limit", async () => {
    const site = await freshSite();
    const member = await addSwiper(site, { paidUser: true });
    for (const likedId of await addWomen(site, SWIPE_LIKES_PER_DAY + 2)) {
      expect(await swipeLike(store.db, { site, member, likedId, now: NOW })).toMatchObject({ fresh: true, likesLeft: null });
    }
    expect((await swipeLikesLeft(store.db, { site, member, now: NOW })).likesLeft).toBeNull();
  });

  it("reports a match when the other liked first", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    const [anna] = await addWomen(site, 1);
    await likeProfile(store.db, { pool: site.pool, likerId: anna!, likedId: member.profileId });
    expect(await swipeLike(store.db, { site, member, likedId: anna!, now: NOW })).toMatchObject({
      fresh: true,
      match: true,
      profile: { id: anna, name: "Woman 0" },
    });
  });

  it("refuses unknown, blocked and invisible profiles without counting them", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    const hidden = await addProfile(site, { name: "Hidden", invisible: true });
    const [blocker] = await addWomen(site, 1);
    await blockProfile(store.db, { pool: site.pool, blockerId: blocker!, blockedId: member.profileId });
    for (const likedId of [hidden, blocker!, 999_999_999, member.profileId]) {
      expect(await swipeLike(store.db, { site, member, likedId, now: NOW })).toEqual({ refused: "unavailable" });
      expect(await swipePass(store.db, { site, member, passedId: likedId, now: NOW })).toEqual({ refused: "unavailable" });
    }
    expect((await swipeLikesLeft(store.db, { site, member, now: NOW })).likesLeft).toBe(SWIPE_LIKES_PER_DAY);
  });

  it("gives exactly 4 likes to 6 simultaneous likes of a free member", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    const women = await addWomen(site, 6);
    const outcomes = await Promise.all(women.map((likedId) => swipeLike(store.db, { site, member, likedId, now: new Date() })));
    expect(outcomes.filter((outcome) => !outcome.refused)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(outcomes.filter((outcome) => outcome.refused === "limit")).toHaveLength(2);
    const stored = await store.db.selectFrom("likes").select("liked_id").where("liker_id", "=", member.profileId).execute();
    expect(stored).toHaveLength(SWIPE_LIKES_PER_DAY);
  });
});

describe("swipe game deal", () => {
  it("deals the gender the member looks for, with a photo first, then newest first", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    await addProfile(site, { name: "Old with photo", createdAt: "2026-01-01T00:00:00Z", photo: true });
    await addProfile(site, { name: "New without photo", createdAt: "2026-03-01T00:00:00Z" });
    await addProfile(site, { name: "Newer with photo", createdAt: "2026-02-01T00:00:00Z", photo: true });
    await addProfile(site, { name: "Man", gender: "male", createdAt: "2026-03-02T00:00:00Z", photo: true });
    expect(await dealtNames(site, member)).toEqual(["Newer with photo", "Old with photo", "New without photo"]);
    const [first] = await dealSwipeCards(store.db, { site, member, today: TODAY, limit: 1 });
    expect(first?.image?.filename).toMatch(/\.webp$/);
    // A gay man is dealt men.
    expect(await dealtNames(site, { ...member, sexuality: "gay" })).toEqual(["Man"]);
  });

  it("never deals a profile again once liked or passed", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    const [liked, passed] = await addWomen(site, 3);
    expect(await swipeLike(store.db, { site, member, likedId: liked!, now: NOW })).toMatchObject({ fresh: true });
    expect(await swipePass(store.db, { site, member, passedId: passed!, now: NOW })).toMatchObject({ profile: { id: passed } });
    // Passing twice is harmless.
    expect(await swipePass(store.db, { site, member, passedId: passed!, now: NOW })).toMatchObject({ profile: { id: passed } });
    expect(await dealtNames(site, member)).toEqual(["Woman 2"]);
  });

  it("never deals a blocked or invisible profile, whichever side blocked", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    await addProfile(site, { name: "Invisible", invisible: true });
    const blockedByMember = await addProfile(site, { name: "Blocked by member" });
    const blockedMember = await addProfile(site, { name: "Blocked the member" });
    await addProfile(site, { name: "Visible" });
    await blockProfile(store.db, { pool: site.pool, blockerId: member.profileId, blockedId: blockedByMember });
    await blockProfile(store.db, { pool: site.pool, blockerId: blockedMember, blockedId: member.profileId });
    expect(await dealtNames(site, member)).toEqual(["Visible"]);
  });

  it("keeps to the limit", async () => {
    const site = await freshSite();
    const member = await addSwiper(site);
    await addWomen(site, 5);
    expect(await dealSwipeCards(store.db, { site, member, today: TODAY, limit: 3 })).toHaveLength(3);
  });
});
