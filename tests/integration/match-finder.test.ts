import type { TFunction } from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { createI18n, loadCatalog } from "../../server/i18n/catalog";
import { likeProfile } from "../../server/likes/likes";
import { findMatches, type MatchViewer, type Suggestion } from "../../server/matches/match-finder";
import { describeReasons, reasonsFor } from "../../server/matches/reasons";
import { blockProfile } from "../../server/profiles/blocks";
import { loadOwnProfile } from "../../server/profiles/profile";
import type { SearchFilters } from "../../server/search/search";
import type { Site } from "../../server/sites/schema";
import { countryNamer } from "../../app/lib/profiles.server";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile as addFixtureProfile, addSite as addFixtureSite, type NewProfile } from "../support/store-fixtures";

const TODAY = "2026-11-22";
const WOMEN_25_45: SearchFilters = { gender: "female", min_age: 25, max_age: 45 };
const AMSTERDAM = { lat: 52.3731, lon: 4.8922 };
const HAARLEM = { lat: 52.3874, lon: 4.6462 };
const UTRECHT = { lat: 52.0907, lon: 5.1214 };


let store: Store;
let drop: () => Promise<void>;
let t: TFunction;
let siteCount = 0;

beforeAll(async () => {
  const database = await freshDatabaseUrl();
  drop = database.drop;
  store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("matches", database.url) });
  await migrate(store);
  t = (await createI18n(await loadCatalog("locales"))).getFixedT("en") as TFunction;
});

afterAll(async () => {
  await store?.close();
  await drop?.();
});

/** A brand of its own per test, so no test sees another's members. */
const addSite = (overrides: Record<string, unknown> = {}): Promise<Site> => addFixtureSite(store, `matches-${(siteCount += 1)}`, overrides);

const addProfile = (site: Site, profile: NewProfile): Promise<number> => addFixtureProfile(store, site, { born: "1990-06-01", ...profile });

/** A straight man of 36 (on TODAY) who likes the outdoors and lives in Noord-Holland. */
async function addViewer(site: Site, labels: Partial<NewProfile> = {}): Promise<MatchViewer> {
  const id = await addProfile(site, { name: "Viewer", gender: "male", born: "1990-06-01", region: "NH", interests: ["hiking", "wine", "travelling", "cooking"], ...labels });
  const profile = await loadOwnProfile(store.db, { siteId: site.id, profileId: id });
  if (!profile) throw new Error("viewer not stored");
  return profile;
}

const names = (suggestions: Suggestion[]) => suggestions.map((suggestion) => suggestion.name);

function reasonOf(site: Site, suggestions: Suggestion[], name: string, agePreference?: { min: number; max: number }): string {
  const suggestion = suggestions.find((candidate) => candidate.name === name);
  if (!suggestion) throw new Error(`${name} is not suggested`);
  return describeReasons(reasonsFor(suggestion, { agePreference, severalCountries: site.countries.length > 1 }), { t, language: "en", countryName: countryNamer("en") });
}

describe("match finder", () => {
  it("ranks members who share more interests higher, and names the shared interests", async () => {
    const site = await addSite();
    const viewer = await addViewer(site, { region: null });
    await addProfile(site, { name: "One", interests: ["wine", "gym"] });
    await addProfile(site, { name: "None", interests: ["gym", "beer"] });
    await addProfile(site, { name: "Three", interests: ["hiking", "travelling", "wine", "gym"] });
    const found = await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY });
    expect(names(found)).toEqual(["Three", "One", "None"]);
    expect(found[0]?.signals.sharedInterests).toEqual(["hiking", "travelling", "wine"]);
    expect(reasonOf(site, found, "Three")).toMatch(/^3 interests in common: Hiking, Travelling, Wine/);
    expect(reasonOf(site, found, "One")).toMatch(/^1 interest in common: Wine/);
  });

  it("ranks nearer members higher when both have a position, and says how far", async () => {
    const site = await addSite();
    const viewer = await addViewer(site, { geolocation: AMSTERDAM });
    await addProfile(site, { name: "Utrecht", region: "UT", geolocation: UTRECHT });
    await addProfile(site, { name: "Haarlem", region: "NH", geolocation: HAARLEM });
    await addProfile(site, { name: "Amsterdam", region: "NH", geolocation: { lat: 52.36, lon: 4.9 } });
    const found = await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY });
    expect(names(found)).toEqual(["Amsterdam", "Haarlem", "Utrecht"]);
    expect(found[1]?.signals.distanceKm).toBeCloseTo(16.8, 0);
    expect(reasonOf(site, found, "Haarlem")).toBe("17 km from you");
    expect(reasonOf(site, found, "Utrecht")).toBe("35 km from you");
  });

  it("counts the same region (then country) when either has no position", async () => {
    const site = await addSite();
    const viewer = await addViewer(site, { interests: [], geolocation: false });
    await addProfile(site, { name: "Belgian", country: "BE", region: "VAN" });
    await addProfile(site, { name: "Neighbour", region: "NH", geolocation: HAARLEM });
    await addProfile(site, { name: "Dutch", region: "UT" });
    const found = await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY });
    expect(names(found)).toEqual(["Neighbour", "Dutch", "Belgian"]);
    expect(found[0]?.signals.distanceKm).toBeNull();
    expect(reasonOf(site, found, "Neighbour")).toBe("Also in Noord-Holland");
    expect(reasonOf(site, found, "Dutch")).toBe("Also in Netherlands");
  });

  it("prefers members close in age, and says they fit a chosen age range", async () => {
    const site = await addSite({ countries: ["NL"] });
    const viewer = await addViewer(site, { region: null, interests: [] });
    await addProfile(site, { name: "Younger", born: "2000-01-01" });
    await addProfile(site, { name: "Same", born: "1990-01-01" });
    const found = await findMatches(store.db, { site, viewer, filters: { gender: "female", min_age: 25, max_age: 40 }, today: TODAY });
    expect(names(found)).toEqual(["Same", "Younger"]);
    expect(reasonOf(site, found, "Same", { min: 25, max: 40 })).toBe("Fits your age preference (25–40)");
    // Without a chosen range, fitting the search is all there is to say.
    expect(reasonOf(site, found, "Younger")).toBe("Fits your search");
  });

  it("gives the strongest two reasons, strongest first", async () => {
    const site = await addSite();
    const viewer = await addViewer(site, { geolocation: AMSTERDAM });
    await addProfile(site, { name: "Both", region: "NH", geolocation: HAARLEM, interests: ["wine", "cooking"] });
    const found = await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY });
    expect(reasonOf(site, found, "Both", { min: 25, max: 45 })).toBe("2 interests in common: Wine, Cooking · 17 km from you");
  });

  it("never suggests the wrong gender, ages outside the preference, or members who would not look for the viewer", async () => {
    const site = await addSite();
    const viewer = await addViewer(site);
    await addProfile(site, { name: "Fits" });
    await addProfile(site, { name: "Man", gender: "male" });
    await addProfile(site, { name: "TooYoung", born: "2003-01-01" });
    await addProfile(site, { name: "TooOld", born: "1975-01-01" });
    await addProfile(site, { name: "Lesbian", sexuality: "lesbian" });
    await addProfile(site, { name: "Bi", sexuality: "bi" });
    const found = await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY });
    expect(names(found).sort()).toEqual(["Bi", "Fits"]);
    // A bi woman looking for everyone sees men and women who could look for her.
    const bi = await addViewer(site, { name: "BiViewer", gender: "female", sexuality: "bi" });
    const everyone = await findMatches(store.db, { site, viewer: bi, filters: { min_age: 18, max_age: 99 }, today: TODAY });
    expect(names(everyone).sort()).toEqual(["Bi", "Lesbian", "Man", "Viewer"]);
  });

  it("searching one gender, suggests exactly those of it who could look for the viewer, a missing sexuality ruling nobody out", async () => {
    const site = await addSite();
    const viewer = await addViewer(site, { gender: "female", sexuality: "lesbian" });
    for (const sexuality of ["lesbian", "gay", "bi", "hetero"] as const) await addProfile(site, { name: `Woman-${sexuality}`, sexuality });
    const unlabelled = await addProfile(site, { name: "Woman-unlabelled" });
    await store.db.updateTable("profiles").set({ sexuality: null }).where("id", "=", unlabelled).execute();
    await addProfile(site, { name: "Man-bi", gender: "male", sexuality: "bi" });
    const women = await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY });
    expect(names(women).sort()).toEqual(["Woman-bi", "Woman-gay", "Woman-lesbian", "Woman-unlabelled"]);
    const man = await addViewer(site, { name: "Man" });
    const forMan = await findMatches(store.db, { site, viewer: man, filters: WOMEN_25_45, today: TODAY });
    expect(names(forMan).sort()).toEqual(["Woman-bi", "Woman-hetero", "Woman-unlabelled"]);
  });

  it("never suggests invisible, blocked (either way) or already liked members, nor the viewer or another pool", async () => {
    const site = await addSite();
    const viewer = await addViewer(site);
    const other = await addSite({ pool: "elsewhere" });
    await addProfile(other, { name: "OtherPool", interests: ["hiking"] });
    await addProfile(site, { name: "Visible" });
    await addProfile(site, { name: "Invisible", invisible: true });
    const blockedByViewer = await addProfile(site, { name: "BlockedByViewer" });
    const blockedViewer = await addProfile(site, { name: "BlockedViewer" });
    const liked = await addProfile(site, { name: "Liked", interests: ["hiking", "wine", "travelling"] });
    const likesViewer = await addProfile(site, { name: "LikesViewer" });
    await blockProfile(store.db, { pool: site.pool, blockerId: viewer.id, blockedId: blockedByViewer });
    await blockProfile(store.db, { pool: site.pool, blockerId: blockedViewer, blockedId: viewer.id });
    await likeProfile(store.db, { pool: site.pool, likerId: viewer.id, likedId: liked });
    // A like the other way is a reason to show them, not to hide them.
    await likeProfile(store.db, { pool: site.pool, likerId: likesViewer, likedId: viewer.id });
    const found = await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY });
    expect(names(found).sort()).toEqual(["LikesViewer", "Visible"]);
  });

  it("shows at most the limit", async () => {
    const site = await addSite();
    const viewer = await addViewer(site);
    for (let i = 0; i < 5; i += 1) await addProfile(site, { name: `Member${i}` });
    expect(await findMatches(store.db, { site, viewer, filters: WOMEN_25_45, today: TODAY, limit: 3 })).toHaveLength(3);
  });
});
