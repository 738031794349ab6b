import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { CITY_MAX } from "./choices";
import type { Place } from "./places";

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
