import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as geocode } from "../../app/routes/api.geocode";
import { loader as interests } from "../../app/routes/api.interests";
import { loader as regions } from "../../app/routes/api.regions";
import type { Member } from "../../server/accounts/member";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { createI18n, loadCatalog } from "../../server/i18n/catalog";
import { saveGeolocation } from "../../server/profiles/location";
import { parseSiteFile } from "../../server/sites/load";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { siteFile } from "../support/site-fixtures";

const engine = process.env.DATABASE_URL ? "postgres" : "pglite";

describe(`saving a geocoded position (§7) on ${engine}`, () => {
  let store: Store;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("location", database.url) });
    await migrate(store);
    await store.db
      .insertInto("sites")
      .values([
        { id: "flirt-nl", pool: "flirt-nl", name: "Flirt" },
        { id: "other-de", pool: "other-de", name: "Other" },
      ])
      .execute();
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  const newProfile = async (siteId = "flirt-nl") => {
    const row = await store.db
      .insertInto("profiles")
      .values({ site_id: siteId, pool: siteId, name: "Sanne", country: "NL", date_of_birth: "1990-04-01", region: "UT", city: "Utrecht" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const read = (id: number) =>
    store.db.selectFrom("profiles").select(["geolocation", "country", "region", "city", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("keeps the place and a position rounded to about 100 m", async () => {
    const id = await newProfile();
    const before = await read(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const stored = await saveGeolocation(store.db, {
      siteId: "flirt-nl",
      profileId: id,
      place: { lat: 52.373_149, lon: 4.892_61, country: "NL", region: "NH", city: "Amsterdam" },
    });
    expect(stored).toEqual({ lat: 52.373, lon: 4.893, country: "NL", region: "NH", city: "Amsterdam" });
    const after = await read(id);
    expect(after).toMatchObject({ geolocation: { lat: 52.373, lon: 4.893 }, country: "NL", region: "NH", city: "Amsterdam" });
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it("stores false when locating failed and leaves the place the member gave alone", async () => {
    const id = await newProfile();
    await saveGeolocation(store.db, { siteId: "flirt-nl", profileId: id, place: { lat: 52.09, lon: 5.12, country: "NL", region: "UT", city: "Utrecht" } });
    expect(await saveGeolocation(store.db, { siteId: "flirt-nl", profileId: id, place: false })).toBe(false);
    expect(await read(id)).toMatchObject({ geolocation: false, country: "NL", region: "UT", city: "Utrecht" });
  });

  it("writes only a profile of the site asked for", async () => {
    const id = await newProfile("other-de");
    const place = { lat: 48.137, lon: 11.575, country: "DE" as const, region: "BY", city: "München" };
    expect(await saveGeolocation(store.db, { siteId: "flirt-nl", profileId: id, place })).toBeUndefined();
    expect(await saveGeolocation(store.db, { siteId: "flirt-nl", profileId: id, place: false })).toBeUndefined();
    expect(await read(id)).toMatchObject({ geolocation: null, country: "NL", region: "UT", city: "Utrecht" });
  });
});

describe(`the location calls (§7) on ${engine}`, () => {
  let store: Store;
  let drop: () => Promise<void>;
  const site = parseSiteFile("sites/flirt-nl.json", JSON.stringify(siteFile({ countries: ["NL", "BE"], interests: ["beach", "wine"] }))).site!;
  let t: AppLoadContext["t"];

  beforeAll(async () => {
    t = (await createI18n(await loadCatalog("locales"))).getFixedT("en") as AppLoadContext["t"];
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("location", database.url) });
    await migrate(store);
    await store.db.insertInto("sites").values({ id: site.id, pool: site.id, name: site.name }).execute();
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  /** What the loaders read of the request context; the rest of it plays no part here. */
  const contextFor = (member?: Pick<Member, "profileId">) => ({ site, t, member, services: { store } }) as unknown as AppLoadContext;
  const call = async (route: typeof geocode, url: string, member?: Pick<Member, "profileId">) => {
    const response = await route({ request: new Request(`http://flirtnl.example${url}`, { headers: { "X-Request-Type": "client" } }), context: contextFor(member), params: {} });
    return { status: response.status, cache: response.headers.get("Cache-Control"), body: (await response.json()) as Record<string, unknown> };
  };
  const newMember = async () => {
    const row = await store.db
      .insertInto("profiles")
      .values({ site_id: site.id, pool: site.id, name: "Sanne", country: "NL", date_of_birth: "1990-04-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { profileId: row.id };
  };
  const geolocationOf = async ({ profileId }: { profileId: number }) =>
    (await store.db.selectFrom("profiles").select("geolocation").where("id", "=", profileId).executeTakeFirstOrThrow()).geolocation;

  it("lists the regions of each of the site's countries with the word for them", async () => {
    const { status, cache, body } = await call(regions, "/api/regions.php");
    expect(status).toBe(200);
    expect(cache).toBe("private, max-age=3600");
    const countries = body.countries as Record<string, { label: string; label_text: string; regions: { code: string; name: string }[] }>;
    expect(Object.keys(countries)).toEqual(["NL", "BE"]);
    expect(countries.NL).toMatchObject({ label: "province", label_text: "Province" });
    expect(countries.NL?.regions).toHaveLength(12);
    expect(countries.NL?.regions).toContainEqual({ code: "NH", name: "Noord-Holland" });
  });

  it("lists the site's interests with their labels", async () => {
    const { status, body } = await call(interests, "/api/interests.php");
    expect(status).toBe(200);
    expect(body).toEqual({ interests: [{ tag: "beach", label: "Beach" }, { tag: "wine", label: "Wine" }] });
  });

  it("asks visitors to sign in before locating them", async () => {
    const { status, body } = await call(geocode, "/api/geocode.php?lat=52.3731&lon=4.8926");
    expect(status).toBe(403);
    expect(body).toEqual({ data: "authentication_required" });
  });

  it("places a member and keeps the place on the profile", async () => {
    const member = await newMember();
    const { status, cache, body } = await call(geocode, "/api/geocode.php?lat=52.3731&lon=4.8926", member);
    expect(status).toBe(200);
    expect(cache).toBe("no-store");
    expect(body).toEqual({ location: { country: "NL", region: "NH", region_name: "Noord-Holland", city: "Amsterdam" } });
    expect(await geolocationOf(member)).toEqual({ lat: 52.373, lon: 4.893 });
  });

  it("stores false and says why when the position is nowhere, or in a country the site does not serve", async () => {
    const member = await newMember();
    const cases = [
      ["/api/geocode.php?lat=55&lon=3", "We could not determine your location. Please fill it in yourself."],
      ["/api/geocode.php?lat=&lon=4.9", "We could not determine your location. Please fill it in yourself."],
      ["/api/geocode.php?lat=48.1374&lon=11.5755", "Your location is outside the countries this site serves. Please fill it in yourself."],
    ] as const;
    for (const [url, error] of cases) {
      const { status, body } = await call(geocode, url, member);
      expect(status, url).toBe(200);
      expect(body, url).toEqual({ location: false, error });
      expect(await geolocationOf(member), url).toBe(false);
    }
  });
});
