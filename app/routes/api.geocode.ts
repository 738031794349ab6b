import type { LoaderFunctionArgs } from "@remix-run/node";
import { saveGeolocation } from "../../server/profiles/location";
import { regionName, reverseGeocode } from "../../server/profiles/places";
import { authenticationRequired } from "../lib/auth.server";
import { requireOwnClient } from "../lib/own-client.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** A coordinate of the query; NaN when absent or not a number (reverseGeocode refuses those). */
const coordinate = (value: string | null) => (value === null || value.trim() === "" ? Number.NaN : Number(value));

/**
 * GET /api/geocode.php?lat=…&lon=… (§7): places the browser's position and stores it on the
 * member's profile; on failure stores `false` and says why, in the member's language.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOwnClient(request, context);
  const { member, site, t } = context;
  if (!member) return authenticationRequired();
  const query = new URL(request.url).searchParams;
  const lat = coordinate(query.get("lat"));
  const lon = coordinate(query.get("lon"));
  const found = reverseGeocode(lat, lon);
  const where = { siteId: site.id, profileId: member.profileId };
  const db = context.services.store.db;
  const failed = async (reason: "not_found" | "outside") => {
    await saveGeolocation(db, { ...where, place: false });
    return Response.json({ location: false, error: t(`members:geolocation.${reason}`) }, { headers: NO_STORE });
  };

  if (!found) return failed("not_found");
  if (!site.countries.includes(found.country)) return failed("outside");
  const stored = await saveGeolocation(db, { ...where, place: { ...found, lat, lon } });
  if (!stored) return failed("not_found");
  const { country, region, city } = stored;
  const location = { country, region, region_name: region === null ? null : (regionName(country, region) ?? null), city };
  return Response.json({ location }, { headers: NO_STORE });
}
