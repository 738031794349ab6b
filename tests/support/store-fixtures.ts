import type { Store } from "../../server/db/database";
import type { Gender, ProfileStatus, Sexuality } from "../../server/db/schema";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { siteFile } from "./site-fixtures";

/** Rows for store-level tests: a site of the demo shape, and profiles without an account. */

export async function addSite(store: Store, id: string, overrides: Record<string, unknown> = {}): Promise<Site> {
  const pool = (overrides.pool as string | undefined) ?? id;
  const site = parseSiteFile(`sites/${id}.json`, JSON.stringify(siteFile({ name: id, domains: [`${id}.example`], countries: ["NL", "BE"], ...overrides }))).site;
  if (!site) throw new Error(`site ${id} does not parse`);
  await store.db.insertInto("sites").values({ id, pool, name: id }).execute();
  return site;
}

export type NewProfile = {
  name: string;
  status?: ProfileStatus;
  gender?: Gender;
  sexuality?: Sexuality;
  born?: string;
  country?: string;
  region?: string | null;
  city?: string;
  interests?: string[];
  geolocation?: { lat: number; lon: number } | false;
  invisible?: boolean;
  createdAt?: string;
  /** Give the profile an active main photo. */
  photo?: boolean;
};

export async function addProfile(store: Store, site: Site, profile: NewProfile): Promise<number> {
  const row = await store.db
    .insertInto("profiles")
    .values({
      site_id: site.id,
      pool: site.pool,
      name: profile.name,
      country: profile.country ?? "NL",
      region: profile.region ?? null,
      city: profile.city ?? null,
      date_of_birth: profile.born ?? "1990-01-01",
      status: profile.status ?? "active",
      gender: profile.gender ?? "female",
      sexuality: profile.sexuality ?? "hetero",
      interests: profile.interests ?? [],
      geolocation: profile.geolocation === undefined ? null : JSON.stringify(profile.geolocation),
      invisible: profile.invisible ?? false,
      created_at: profile.createdAt ?? new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (profile.photo) {
    const photo = await store.db
      .insertInto("photos")
      .values({ profile_id: row.id, filename: `${site.id}/${row.id}.webp`, thumb_filename: `${site.id}/${row.id}-thumb.webp`, width: 800, height: 800, status: "active" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await store.db.updateTable("profiles").set({ main_photo_id: photo.id }).where("id", "=", row.id).execute();
  }
  return row.id;
}
