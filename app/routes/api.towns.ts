import type { LoaderFunctionArgs } from "@remix-run/node";
import { regionsOfTown, suggestTowns } from "../../server/profiles/places";
import { authenticationRequired } from "../lib/auth.server";

/** How long a browser may keep an answer: towns do not move. */
const CACHE = { "Cache-Control": "private, max-age=86400" };

/**
 * GET /api/towns?country=NL&city=Haa: towns of one of the site's countries whose name starts with
 * what the member typed, each with its region, and the regions that have a town of exactly that
 * name (the profile editor's region follows them).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.member) return authenticationRequired();
  const query = new URL(request.url).searchParams;
  const country = context.site.countries.find((code) => code === query.get("country"));
  const city = (query.get("city") ?? "").slice(0, 60);
  if (!country) return Response.json({ towns: [], regions: [] }, { headers: CACHE });
  return Response.json({ towns: suggestTowns(country, city), regions: regionsOfTown(country, city) }, { headers: CACHE });
}
