import type { Gender } from "../db/schema";
import type { Site } from "../sites/schema";
import { OLDEST_SEARCHED, type SearchFilters } from "./search";

const FILTER_KEYS = ["gender", "country", "countryregion", "min_age", "max_age"] as const;

/** The filters a visitor starts with: the site's whole age range, and the gender they look for. */
export function defaultFilters(site: Site, viewer?: { gender: Gender | null; sexuality: string | null }): SearchFilters {
  return { gender: lookingFor(viewer), min_age: site.min_age, max_age: OLDEST_SEARCHED };
}

function lookingFor(viewer?: { gender: Gender | null; sexuality: string | null }): Gender | undefined {
  if (!viewer?.gender || viewer.sexuality === "bi") return undefined;
  const same = viewer.sexuality === "gay" || viewer.sexuality === "lesbian";
  if (same) return viewer.gender;
  return viewer.gender === "male" ? "female" : "male";
}

/** Whether the query names any filter (else the remembered state applies). */
export function hasFilters(params: URLSearchParams): boolean {
  return FILTER_KEYS.some((key) => params.has(key));
}

/**
 * Reads filters from a query or the cookie, keeping only what the site's search_fields offer and
 * what makes sense; anything else falls back to the defaults rather than failing the page.
 */
export function readFilters(params: URLSearchParams, site: Site, defaults: SearchFilters): SearchFilters {
  const offered = new Set<string>(site.search_fields);
  const pick = (key: (typeof FILTER_KEYS)[number]) => (offered.has(key) ? params.get(key)?.trim() || undefined : undefined);
  const gender = pick("gender");
  // The region select sends "NL:NH": a region names its country.
  const regionChoice = pick("countryregion") ?? "";
  const [regionCountry, region] = regionChoice.includes(":") ? regionChoice.split(":") : [undefined, regionChoice || undefined];
  const country = regionCountry || pick("country");
  const age = (value: string | undefined, fallback: number) => {
    const number = Number(value);
    return value && Number.isInteger(number) ? Math.min(Math.max(number, site.min_age), OLDEST_SEARCHED) : fallback;
  };
  let minAge = age(pick("min_age"), defaults.min_age);
  let maxAge = age(pick("max_age"), defaults.max_age);
  if (minAge > maxAge) [minAge, maxAge] = [maxAge, minAge];
  const validCountry = country && (site.countries as string[]).includes(country) ? country : undefined;
  return {
    gender: offered.has("gender") ? (gender === "male" || gender === "female" ? gender : params.has("gender") ? undefined : defaults.gender) : undefined,
    country: validCountry,
    countryregion: validCountry && region && /^[A-Z0-9-]{1,10}$/.test(region) ? region : undefined,
    min_age: minAge,
    max_age: maxAge,
  };
}

export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set("gender", filters.gender ?? "");
  if (filters.country) params.set("country", filters.country);
  if (filters.countryregion) params.set("countryregion", filters.countryregion);
  params.set("min_age", String(filters.min_age));
  params.set("max_age", String(filters.max_age));
  return params;
}
