import type { LoaderFunctionArgs } from "@remix-run/node";
import { regionsOf } from "../../server/profiles/places";
import { COUNTRIES } from "../../server/sites/countries";

/**
 * GET /api/regions.php (§7): the first-level regions of each of the site's countries, with the
 * word for them in the visitor's language. Loaded once by the app and cached.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site, t } = context;
  const countries = Object.fromEntries(
    site.countries.map((country) => {
      const label = COUNTRIES[country].regionLabel;
      return [country, { label, label_text: t(`members:region_label.${label}`), regions: regionsOf(country) }];
    }),
  );
  return Response.json({ countries }, { headers: { "Cache-Control": "private, max-age=3600", Vary: "Cookie, Accept-Language" } });
}
