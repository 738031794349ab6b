import type { Gender } from "../db/schema";
import { nicheName, type Site } from "../sites/schema";
import { lookingForChoices, type LookingFor } from "./looking-for";
import { OLDEST_SEARCHED, type SearchFilters, type SearchOrder } from "./search";

const FILTER_KEYS = ["gender", "country", "countryregion", "min_age", "max_age"] as const;

/**
 * The filters a visitor starts with: the site's whole age range, and the gender they look for
 * where the brand's niche offers it, else the niche's own default.
 */
export function defaultFilters(site: Site, viewer?: { gender: Gender | null; sexuality: string | null }): SearchFilters {
  return { gender: offeredGender(site, lookingFor(viewer) ?? "everyone"), min_age: site.min_age, max_age: OLDEST_SEARCHED };
}

/** The choice as the gender filter, or the niche's default when the niche does not offer it. */
function offeredGender(site: Site, wanted: LookingFor): Gender | undefined {
  const choices = lookingForChoices(nicheName(site.niche));
  const choice = choices.includes(wanted) ? wanted : choices[0];
  return choice === "everyone" ? undefined : choice;
}

function lookingFor(viewer?: { gender: Gender | null; sexuality: string | null }): Gender | undefined {
  if (!viewer?.gender || viewer.sexuality === "bi") return undefined;
  const same = viewer.sexuality === "gay" || viewer.sexuality === "lesbian";
  if (same) return viewer.gender;
  return viewer.gender === "male" ? "female" : "male";
}

/** Whether the query names any filter (else the remembered state applies); the order is not one. */
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
    gender: offered.has("gender") ? chosenGender(params.get("gender"), site, defaults) : undefined,
    country: validCountry,
    countryregion: validCountry && region && /^[A-Z0-9-]{1,10}$/.test(region) ? region : undefined,
    min_age: minAge,
    max_age: maxAge,
  };
}

/**
 * The order the query asks for: "recently online", or undefined for newest first. Not a filter:
 * the remembered search keeps the filters only, and any brand offers both orders.
 */
export function readOrder(params: URLSearchParams): SearchOrder | undefined {
  return params.get("order") === "online" ? "online" : undefined;
}

/** The query's "looking for" ("" is everyone) where the niche offers it; anything else gets the default. */
function chosenGender(value: string | null, site: Site, defaults: SearchFilters): Gender | undefined {
  const choice = value === null ? undefined : value.trim() || "everyone";
  const choices: readonly string[] = lookingForChoices(nicheName(site.niche));
  if (choice === undefined || !choices.includes(choice)) return defaults.gender;
  return choice === "everyone" ? undefined : (choice as Gender);
}

/**
 * How many filters narrow the search beyond the defaults, the number on the Filters button: the
 * "looking for", the age range and the place (a country, a region or both) count one each.
 */
export function activeFilterCount(filters: SearchFilters, defaults: SearchFilters): number {
  const age = filters.min_age !== defaults.min_age || filters.max_age !== defaults.max_age;
  return [filters.gender !== defaults.gender, age, Boolean(filters.country)].filter(Boolean).length;
}

export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set("gender", filters.gender ?? "");
  if (filters.country) params.set("country", filters.country);
  if (filters.countryregion) params.set("countryregion", filters.countryregion);
  params.set("min_age", String(filters.min_age));
  params.set("max_age", String(filters.max_age));
  if (filters.order === "online") params.set("order", "online");
  return params;
}
