import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { likeProfile } from "../../server/likes/likes";
import { blockBetween, blockProfile, unblockProfile } from "../../server/profiles/blocks";
import { searchMembers, type SearchFilters } from "../../server/search/search";
import { syncSites } from "../../server/sites/sync";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile, addSite } from "../support/store-fixtures";

const TODAY = "2026-11-22";
const EVERYONE: SearchFilters = { min_age: 18, max_age: 99 };

const names = (page: { results: { name: string }[] }) => page.results.map((card) => card.name).sort();

describe("member search", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let flirt: Site;
  let sister: Site;
  let other: Site;
  let gay: Site;
  let viewer: number;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("search", database.url) });
    await migrate(store);
    flirt = await addSite(store, "flirt-nl", { pool: "benelux" });
    sister = await addSite(store, "flirt-be", { pool: "benelux" });
    other = await addSite(store, "milf-de", { countries: ["DE"], niche: 6 });
    gay = await addSite(store, "gay-nl", { niche: 7 });
    viewer = await addProfile(store, flirt, { name: "Viewer", gender: "male" });
    await addProfile(store, flirt, { name: "Anna" });
    await addProfile(store, sister, { name: "Bo", country: "BE" });
    await addProfile(store, other, { name: "Greta", country: "DE", born: "1970-01-01" });
    await addProfile(store, flirt, { name: "Hidden", invisible: true });
    await addProfile(store, flirt, { name: "Unactivated", status: "disabled" });
    await addProfile(store, flirt, { name: "Gone", status: "deleted" });
    await addProfile(store, gay, { name: "Tom", gender: "male", sexuality: "gay" });
    await addProfile(store, gay, { name: "Lisa", gender: "female", sexuality: "lesbian" });
    await addProfile(store, gay, { name: "Piet", gender: "male", sexuality: "hetero" });
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it("shows the active, visible profiles of the site's pool only, never the viewer", async () => {
    const page = await searchMembers(store.db, { site: flirt, viewerProfileId: viewer, filters: EVERYONE, today: TODAY });
    expect(names(page)).toEqual(["Anna", "Bo"]);
    expect(page.numResults).toBe(2);
    // A brand of another pool sees none of them.
    expect(names(await searchMembers(store.db, { site: other, filters: EVERYONE, today: TODAY }))).toEqual(["Greta"]);
  });

  it("narrows the pool by the site's niche and countries", async () => {
    expect(names(await searchMembers(store.db, { site: gay, filters: EVERYONE, today: TODAY }))).toEqual(["Tom"]);
    const dutchOnly = { ...sister, countries: ["NL"] } as Site;
    expect(names(await searchMembers(store.db, { site: dutchOnly, filters: EVERYONE, today: TODAY }))).toEqual(["Anna", "Viewer"]);
  });

  it("never shows a blocked member, whichever side blocked, and blocking removes likes both ways", async () => {
    const carla = await addProfile(store, flirt, { name: "Carla" });
    await likeProfile(store.db, { pool: flirt.pool, likerId: viewer, likedId: carla });
    await likeProfile(store.db, { pool: flirt.pool, likerId: carla, likedId: viewer });
    expect(await blockProfile(store.db, { pool: flirt.pool, blockerId: carla, blockedId: viewer })).toBe(true);
    expect(names(await searchMembers(store.db, { site: flirt, viewerProfileId: viewer, filters: EVERYONE, today: TODAY }))).not.toContain("Carla");
    expect(names(await searchMembers(store.db, { site: flirt, viewerProfileId: carla, filters: EVERYONE, today: TODAY }))).not.toContain("Viewer");
    expect(await blockBetween(store.db, { viewerId: viewer, profileId: carla })).toBe("them");
    const likes = await store.db.selectFrom("likes").selectAll().where((eb) => eb.or([eb("liker_id", "=", carla), eb("liked_id", "=", carla)])).execute();
    expect(likes).toEqual([]);
    // Blocked members cannot like each other either.
    expect((await likeProfile(store.db, { pool: flirt.pool, likerId: viewer, likedId: carla })).stands).toBe(false);
    await unblockProfile(store.db, { blockerId: carla, blockedId: viewer });
    expect(names(await searchMembers(store.db, { site: flirt, viewerProfileId: viewer, filters: EVERYONE, today: TODAY }))).toContain("Carla");
  });

  it("cannot block a profile of another pool", async () => {
    const greta = (await store.db.selectFrom("profiles").select("id").where("name", "=", "Greta").executeTakeFirstOrThrow()).id;
    expect(await blockProfile(store.db, { pool: flirt.pool, blockerId: viewer, blockedId: greta })).toBe(false);
  });

  it("filters by gender, age, country and region", async () => {
    const site = await addSite(store, "filters-nl", { countries: ["NL", "BE"] });
    await addProfile(store, site, { name: "Young", born: "2005-06-01", region: "NH" });
    await addProfile(store, site, { name: "Forty", born: "1986-11-22", region: "UT" });
    await addProfile(store, site, { name: "Flemish", born: "1986-11-23", country: "BE", region: "VAN" });
    await addProfile(store, site, { name: "Man", gender: "male", born: "1980-01-01" });
    const search = (filters: Partial<SearchFilters>) => searchMembers(store.db, { site, filters: { ...EVERYONE, ...filters }, today: TODAY }).then(names);
    expect(await search({ gender: "male" })).toEqual(["Man"]);
    // Forty turns 40 today; Flemish a day later, so is still 39.
    expect(await search({ min_age: 40, max_age: 40 })).toEqual(["Forty"]);
    expect(await search({ min_age: 39, max_age: 39 })).toEqual(["Flemish"]);
    expect(await search({ country: "BE" })).toEqual(["Flemish"]);
    expect(await search({ country: "NL", countryregion: "NH" })).toEqual(["Young"]);
  });

  it("pages newest first by keyset, forwards and back, with a count", async () => {
    const site = await addSite(store, "paging-nl");
    for (let i = 0; i < 7; i += 1) {
      await addProfile(store, site, { name: `P${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() });
    }
    const first = await searchMembers(store.db, { site, filters: EVERYONE, today: TODAY, pageSize: 3 });
    expect(first.results.map((card) => card.name)).toEqual(["P6", "P5", "P4"]);
    expect(first.numResults).toBe(7);
    expect(first.previous).toBeUndefined();
    const { decodeCursor } = await import("../../server/search/search");
    const second = await searchMembers(store.db, { site, filters: EVERYONE, today: TODAY, pageSize: 3, cursor: decodeCursor(first.next!, "after") });
    expect(second.results.map((card) => card.name)).toEqual(["P3", "P2", "P1"]);
    const third = await searchMembers(store.db, { site, filters: EVERYONE, today: TODAY, pageSize: 3, cursor: decodeCursor(second.next!, "after") });
    expect(third.results.map((card) => card.name)).toEqual(["P0"]);
    expect(third.next).toBeUndefined();
    const back = await searchMembers(store.db, { site, filters: EVERYONE, today: TODAY, pageSize: 3, cursor: decodeCursor(third.previous!, "before") });
    expect(back.results.map((card) => card.name)).toEqual(["P3", "P2", "P1"]);
  });

  it("moves a brand's profiles along when the brand changes pool", async () => {
    const mover = await addSite(store, "mover-nl", { pool: "old-pool" });
    const id = await addProfile(store, mover, { name: "Mover" });
    await syncSites(store, [{ ...mover, pool: "new-pool" }]);
    expect((await store.db.selectFrom("profiles").select("pool").where("id", "=", id).executeTakeFirstOrThrow()).pool).toBe("new-pool");
    expect(names(await searchMembers(store.db, { site: { ...mover, pool: "new-pool" }, filters: EVERYONE, today: TODAY }))).toEqual(["Mover"]);
  });
});
