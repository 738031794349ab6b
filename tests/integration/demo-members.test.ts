import { access } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { createLocalStorage } from "../../server/photos/storage";
import { avatarAge, subjectOfKey } from "../../server/profiles/demo-avatars";
import { placesOf, seedDemoMembers } from "../../server/profiles/demo-members";
import { aboutMeTexts, LANGUAGE_REGIONS, townsOf } from "../../server/profiles/demo-words";
import { regionsOf } from "../../server/profiles/places";
import { COUNTRY_CODES, type CountryCode } from "../../server/sites/countries";
import { loadSites, parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { syncSites } from "../../server/sites/sync";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { siteFile } from "../support/site-fixtures";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";

type Row = {
  id: number;
  site_id: string;
  pool: string;
  account_id: number | null;
  status: string;
  gender: string;
  sexuality: string;
  country: string;
  region: string | null;
  city: string | null;
  age: number;
  body_type: string;
  hair_colour: string;
  interests: string[];
  about_me: string | null;
  name: string;
  main_photo_id: number | null;
  photo_profile_id: number | null;
  photo_status: string | null;
  filename: string | null;
  thumb_filename: string | null;
};

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe(`demo members on ${engine}`, () => {
  let store: Store;
  let drop: () => Promise<void>;
  let uploads: string;
  let sites: Site[];
  let rows: Row[];

  const readRows = async (siteIds: string[]) => {
    const result = await sql<Row>`
      select p.id, p.site_id, p.pool, p.account_id, p.status, p.gender, p.sexuality, p.country, p.region, p.city,
        extract(year from age(current_date, p.date_of_birth))::int as age, p.body_type, p.hair_colour, p.interests,
        p.about_me, p.name, p.main_photo_id, ph.profile_id as photo_profile_id, ph.status as photo_status,
        ph.filename, ph.thumb_filename
      from profiles p left join photos ph on ph.id = p.main_photo_id
      where p.site_id in (${sql.join(siteIds)})
    `.execute(store.db);
    return result.rows;
  };

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const dataDir = await freshDataDir("demo", database.url);
    uploads = path.join(dataDir, "uploads");
    store = await openStore({ databaseUrl: database.url, dataDir });
    await migrate(store);
    const loaded = await loadSites(path.resolve("sites"));
    expect(loaded.problems).toEqual([]);
    sites = loaded.sites;
    await syncSites(store, sites);
    const storage = createLocalStorage(uploads);
    const result = await seedDemoMembers({ db: store.db, sites, count: 300, put: (key, body, type) => storage.put(key, body, type) });
    expect(result.profiles).toBe(300);
    rows = await readRows(sites.map((site) => site.id));
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it("creates that many active profiles without accounts, spread evenly over the pools", () => {
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => row.status === "active" && row.account_id === null)).toBe(true);
    const perPool = new Map<string, number>();
    for (const row of rows) perPool.set(row.pool, (perPool.get(row.pool) ?? 0) + 1);
    expect([...perPool.keys()].sort()).toEqual(sites.map((site) => site.pool).sort());
    expect([...perPool.values()]).toEqual(sites.map(() => 300 / sites.length));
  });

  it("gives each one an active main photo, a portrait of their own gender, age, body and hair, whose file exists", async () => {
    for (const row of rows) {
      expect(row.photo_profile_id).toBe(row.id);
      expect(row.photo_status).toBe("active");
      expect(row.thumb_filename).toBe(row.filename);
      expect(subjectOfKey(row.filename!)).toEqual({
        gender: row.gender,
        age: avatarAge(row.age),
        body: row.body_type,
        hair: row.hair_colour,
        variant: expect.any(Number),
      });
    }
    // A few hundred members get nearly a look each.
    const files = [...new Set(rows.map((row) => row.filename!))];
    expect(files.length).toBeGreaterThan(rows.length * 0.8);
    const missing = (await Promise.all(files.map(async (key) => ((await exists(path.join(uploads, key))) ? null : key)))).filter(Boolean);
    expect(missing).toEqual([]);
  });

  it("keeps each pool to its niche: men on the gay site, mature women on the milf site, curvy women on the bbw site", () => {
    const of = (id: string) => rows.filter((row) => row.site_id === id);
    const gay = of("gay-uk");
    expect(gay.every((row) => row.gender === "male" && ["gay", "bi"].includes(row.sexuality))).toBe(true);
    expect(gay.filter((row) => row.sexuality === "gay").length).toBeGreaterThan(gay.length / 2);

    const milf = of("milf-de");
    expect(milf.every((row) => row.gender === "female")).toBe(true);
    expect(milf.filter((row) => row.age >= 35 && row.age <= 59).length).toBeGreaterThanOrEqual(milf.length * 0.75);

    const bbw = of("bbw-us");
    expect(bbw.every((row) => row.gender === "female")).toBe(true);
    expect(bbw.filter((row) => ["curvy", "full_figured"].includes(row.body_type)).length).toBeGreaterThanOrEqual(bbw.length * 0.75);

    const flirt = of("flirt-nl");
    const women = flirt.filter((row) => row.gender === "female").length;
    expect(women).toBeGreaterThan(flirt.length * 0.25);
    expect(women).toBeLessThan(flirt.length * 0.75);
    expect(flirt.filter((row) => row.sexuality === "hetero").length).toBeGreaterThan(flirt.length * 0.6);
  });

  it("stays within each site's ages, countries, regions and interests, with mostly the first country", () => {
    for (const site of sites) {
      const members = rows.filter((row) => row.site_id === site.id);
      for (const row of members) {
        expect(row.age).toBeGreaterThanOrEqual(site.min_age);
        expect(site.countries).toContain(row.country);
        const country = row.country as (typeof site.countries)[number];
        expect(regionsOf(country).map((region) => region.code)).toContain(row.region);
        expect(row.city).toBeTruthy();
        expect(row.interests.length).toBeGreaterThanOrEqual(3);
        expect(row.interests.length).toBeLessThanOrEqual(8);
        for (const tag of row.interests) expect(site.interests).toContain(tag);
        expect(row.name).toMatch(/^\p{Lu}/u);
      }
      if (site.countries.length > 1) {
        expect(members.filter((row) => row.country === site.countries[0]).length).toBeGreaterThan(members.length / 2);
      }
    }
    expect(rows.filter((row) => row.about_me).length).toBeGreaterThan(rows.length * 0.8);
  });

  it("writes a German about-me on the German brand and a Dutch one on the Dutch brand", () => {
    const about = (siteId: string, country: string) => rows.filter((row) => row.site_id === siteId && row.country === country && row.about_me).map((row) => row.about_me!);
    const german = about("milf-de", "DE");
    const dutch = about("flirt-nl", "NL");
    expect(german.length).toBeGreaterThan(0);
    expect(dutch.length).toBeGreaterThan(0);
    const germanTexts = new Set(aboutMeTexts("de"));
    const dutchTexts = new Set(aboutMeTexts("nl"));
    expect(german.filter((text) => !germanTexts.has(text))).toEqual([]);
    expect(dutch.filter((text) => !dutchTexts.has(text))).toEqual([]);
  });

  it("fills the other niches too: women on she, grey-haired women of 60–80 on gilf, bondage or sadomasochism on bdsm", async () => {
    const extra = [
      { id: "she-test", niche: 2 },
      { id: "bdsm-test", niche: 3, min_age: 21 },
      { id: "gilf-test", niche: 5 },
    ].map(({ id, ...settings }) => parseSiteFile(`${id}.json`, JSON.stringify(siteFile({ domains: [`${id}.example`], countries: ["FR", "BE"], ...settings }))).site!);
    await syncSites(store, extra);
    const storage = createLocalStorage(uploads);
    await seedDemoMembers({ db: store.db, sites: extra, count: 150, put: (key, body, type) => storage.put(key, body, type), batchSize: 20 });
    const members = await readRows(extra.map((site) => site.id));
    expect(members).toHaveLength(150);

    const she = members.filter((row) => row.site_id === "she-test");
    expect(she.every((row) => row.gender === "female")).toBe(true);
    expect(she.filter((row) => ["lesbian", "bi"].includes(row.sexuality)).length).toBeGreaterThan(she.length / 2);

    const bdsm = members.filter((row) => row.site_id === "bdsm-test");
    expect(bdsm.every((row) => row.interests.includes("bondage") || row.interests.includes("sadomasochism"))).toBe(true);
    expect(bdsm.every((row) => row.age >= 21)).toBe(true);

    const gilf = members.filter((row) => row.site_id === "gilf-test");
    expect(gilf.every((row) => row.gender === "female" && row.age >= 60 && row.age <= 80)).toBe(true);
    expect(gilf.filter((row) => row.hair_colour === "grey").length).toBeGreaterThan(gilf.length / 4);
    expect(members.every((row) => row.photo_profile_id === row.id)).toBe(true);
  });
});

describe("demo member places", () => {
  it("names a town for every region of every served country, and no region that does not exist", () => {
    for (const country of COUNTRY_CODES) {
      const codes = regionsOf(country).map((region) => region.code);
      const towns = townsOf(country);
      expect(towns.map((town) => town.region).filter((code) => !codes.includes(code)), country).toEqual([]);
      expect(placesOf(country).cities.filter((city) => city === null), country).toEqual([]);
    }
    for (const [key, codes] of Object.entries(LANGUAGE_REGIONS)) {
      const country = key.slice(0, 2) as CountryCode;
      expect(codes.filter((code) => !regionsOf(country).some((region) => region.code === code)), key).toEqual([]);
    }
  });

  it("puts a country's second-language speakers where that language is spoken", () => {
    expect(new Set(placesOf("CH", "fr").regionCodes)).toEqual(new Set(["BE", "FR", "GE", "JU", "NE", "VD", "VS"]));
    expect(new Set(placesOf("CH", "it").cities)).toContain("Lugano");
    expect(placesOf("BE", "nl").cities).not.toContain("Charleroi");
    expect(placesOf("BE").cities).toContain("Charleroi");
  });
});
