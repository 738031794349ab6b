import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { CITY_MAX } from "./choices";
import { COUNTRY_CODES, type CountryCode } from "../sites/countries";
import { regionName, regionsOf, regionsOfTown, type Place } from "./places";

/** A browser position and the place it was found in. */
export type Located = Place & { lat: number; lon: number };

/** Three decimals: about 100 m. The profile keeps the neighbourhood, never a home address. */
const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Stores the outcome of GET /api/geocode.php on the member's profile (§7): the rounded position
 * with the country, region and city found there; or `false` in `geolocation` when locating failed,
 * leaving the location the member gave by hand as it was. Answers what was stored, or undefined
 * when the profile is not this site's.
 */
export async function saveGeolocation(
  db: Kysely<Database>,
  { siteId, profileId, place }: { siteId: string; profileId: number; place: Located | false },
): Promise<Located | false | undefined> {
  const profile = db.updateTable("profiles").where("id", "=", profileId).where("site_id", "=", siteId);
  if (place === false) {
    const result = await profile.set({ geolocation: "false" }).executeTakeFirst();
    return result.numUpdatedRows > 0n ? false : undefined;
  }
  const stored: Located = { ...place, lat: roundCoordinate(place.lat), lon: roundCoordinate(place.lon), city: place.city.slice(0, CITY_MAX) };
  const result = await profile
    .set({
      geolocation: JSON.stringify({ lat: stored.lat, lon: stored.lon }),
      country: stored.country,
      region: stored.region,
      city: stored.city,
      updated_at: sql<Date>`now()`,
    })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? stored : undefined;
}

/** A location as the profile form sends it; the country is already one of the site's. */
type TypedPlace = { country: string; region?: string; city?: string };

export type SettledPlace =
  | { ok: true; region: string | undefined }
  | { ok: false; error: "regionMismatch"; values: { city: string; region: string } };

const isServed = (country: string): country is CountryCode => (COUNTRY_CODES as readonly string[]).includes(country);

/**
 * The region to store with a city: the city's own when the member left it open and the name is one
 * town's; the member's when a town of that name lies there (or the places do not know the name).
 * A region that no town of that name lies in is refused: "Miami" and Alaska do not go together. A
 * region code the country does not have is dropped.
 */
export function settlePlace({ country, region, city }: TypedPlace): SettledPlace {
  const own = isServed(country) && regionsOf(country).some((entry) => entry.code === region) ? region : undefined;
  const towns = isServed(country) && city ? regionsOfTown(country, city) : [];
  if (towns.length === 0) return { ok: true, region: own };
  if (own === undefined) return { ok: true, region: towns.length === 1 ? towns[0] : undefined };
  if (towns.includes(own)) return { ok: true, region: own };
  return { ok: false, error: "regionMismatch", values: { city: city ?? "", region: regionName(country, own) ?? own } };
}
