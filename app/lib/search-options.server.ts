import { regionsOf } from "../../server/profiles/places";
import { lookingForChoices, type LookingFor } from "../../server/search/looking-for";
import { isCountryCode } from "../../server/sites/countries";
import { nicheName, type Site } from "../../server/sites/schema";
import { countryNamer } from "./profiles.server";

export type RegionGroup = {
  country: string;
  /** The country's name, the label of its group. */
  name: string;
  /** "NL:LI": a region's code alone is not unique (Limburg is NL:LI and BE:VLI). */
  regions: { value: string; name: string }[];
};

/** What the search form offers: the same for every visitor of a brand who reads one language. */
export type SearchOptions = {
  /** The niche's "looking for" choices; one choice or none means no field. */
  lookingFor: readonly LookingFor[];
  /** The countries to choose among; none when the brand has one (or the field is off). */
  countries: { code: string; name: string }[];
  /** The regions grouped by country; none when the field is off. */
  regionGroups: RegionGroup[];
};

const made = new WeakMap<Site, Map<string, SearchOptions>>();

/**
 * The search form's choices for a brand in a language, made once and kept: a reloaded brand file
 * is a new Site object, so its choices are made afresh and the old ones go with the old object.
 */
export function searchOptions(site: Site, language: string): SearchOptions {
  let byLanguage = made.get(site);
  if (!byLanguage) made.set(site, (byLanguage = new Map()));
  let options = byLanguage.get(language);
  if (!options) byLanguage.set(language, (options = makeSearchOptions(site, language)));
  return options;
}

function makeSearchOptions(site: Site, language: string): SearchOptions {
  const offers = (field: Site["search_fields"][number]) => site.search_fields.includes(field);
  const countryName = countryNamer(language);
  const choices = lookingForChoices(nicheName(site.niche));
  return {
    lookingFor: offers("gender") && choices.length > 1 ? choices : [],
    countries: offers("country") && site.countries.length > 1 ? site.countries.map((code) => ({ code, name: countryName(code) })) : [],
    regionGroups: offers("countryregion")
      ? site.countries.filter(isCountryCode).map((country) => ({
          country,
          name: countryName(country),
          regions: regionsOf(country).map((region) => ({ value: `${country}:${region.code}`, name: region.name })),
        }))
      : [],
  };
}
