import { describe, expect, it } from "vitest";
import { maySearch } from "../../server/search/access";
import { bornBy } from "../../server/search/niche";
import { activeFilterCount, defaultFilters, filtersToParams, hasFilters, readFilters } from "../../server/search/state";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { siteFile } from "../support/site-fixtures";

function site(overrides: Record<string, unknown> = {}): Site {
  const parsed = parseSiteFile("sites/test.json", JSON.stringify(siteFile({ countries: ["NL", "BE"], ...overrides }))).site;
  if (!parsed) throw new Error("test site does not parse");
  return parsed;
}

describe("search state", () => {
  const brand = site();
  const defaults = defaultFilters(brand, { gender: "male", sexuality: "hetero" });

  it("starts a straight man on women, a gay man on men, a bisexual or unknown member on everyone", () => {
    expect(defaults).toEqual({ gender: "female", min_age: 18, max_age: 99 });
    expect(defaultFilters(brand, { gender: "male", sexuality: "gay" }).gender).toBe("male");
    expect(defaultFilters(brand, { gender: "female", sexuality: "lesbian" }).gender).toBe("female");
    expect(defaultFilters(brand, { gender: "female", sexuality: "bi" }).gender).toBeUndefined();
    expect(defaultFilters(brand).gender).toBeUndefined();
  });

  it("reads what the form sends and round-trips through the cookie's query", () => {
    const filters = readFilters(new URLSearchParams("gender=male&country=BE&countryregion=BE%3AVAN&min_age=30&max_age=40"), brand, defaults);
    expect(filters).toEqual({ gender: "male", country: "BE", countryregion: "VAN", min_age: 30, max_age: 40 });
    expect(readFilters(filtersToParams(filters), brand, defaults)).toEqual(filters);
    expect(hasFilters(new URLSearchParams("page=2"))).toBe(false);
  });

  it("lets a region name its country and drops what the site does not serve or offer", () => {
    expect(readFilters(new URLSearchParams("countryregion=NL%3ANH"), brand, defaults)).toMatchObject({ country: "NL", countryregion: "NH" });
    expect(readFilters(new URLSearchParams("country=DE&countryregion=BY"), brand, defaults)).toMatchObject({ country: undefined, countryregion: undefined });
    // What the form never sends gets the default, as a forbidden choice does.
    expect(readFilters(new URLSearchParams("gender=robot"), brand, defaults).gender).toBe("female");
    expect(readFilters(new URLSearchParams("gender="), brand, defaults).gender).toBeUndefined();
    const noGender = site({ search_fields: ["min_age", "max_age"] });
    expect(readFilters(new URLSearchParams("gender=male&country=NL"), noGender, defaults)).toEqual({ gender: undefined, country: undefined, countryregion: undefined, min_age: 18, max_age: 99 });
  });

  it("offers the looking-for choices of the brand's niche, and gives a forbidden choice the niche's default", () => {
    const gay = site({ niche: 7 });
    const straightMan = { gender: "male" as const, sexuality: "hetero" };
    // A gay brand shows men only, whoever looks: no women, no everyone.
    expect(defaultFilters(gay, straightMan).gender).toBe("male");
    expect(defaultFilters(gay).gender).toBe("male");
    for (const query of ["gender=female", "gender=", "gender=everyone"]) {
      expect(readFilters(new URLSearchParams(query), gay, defaultFilters(gay, straightMan)).gender).toBe("male");
    }
    // Brands that feature women offer women, and men for the women among their members; never everyone.
    for (const niche of [2, 4, 5, 6]) {
      const brandOfWomen = site({ niche });
      const womenDefaults = defaultFilters(brandOfWomen, { gender: "female", sexuality: "bi" });
      expect(womenDefaults.gender).toBe("female");
      expect(defaultFilters(brandOfWomen, { gender: "female", sexuality: "hetero" }).gender).toBe("male");
      expect(readFilters(new URLSearchParams("gender="), brandOfWomen, womenDefaults).gender).toBe("female");
      expect(readFilters(new URLSearchParams("gender=male"), brandOfWomen, womenDefaults).gender).toBe("male");
    }
    // Niches without a side (none, bdsm) offer everyone too.
    for (const niche of [1, 3]) {
      expect(readFilters(new URLSearchParams("gender="), site({ niche }), defaults).gender).toBeUndefined();
      expect(readFilters(new URLSearchParams("gender=female"), site({ niche }), defaults).gender).toBe("female");
    }
  });

  it("counts the active filters beyond the defaults: looking for, age range and place once each", () => {
    expect(activeFilterCount(defaults, defaults)).toBe(0);
    expect(activeFilterCount({ ...defaults, gender: undefined, min_age: 30, max_age: 40 }, defaults)).toBe(2);
    expect(activeFilterCount({ ...defaults, country: "BE", countryregion: "VLI" }, defaults)).toBe(1);
    expect(activeFilterCount({ ...defaults, gender: "male", max_age: 50, country: "NL" }, defaults)).toBe(3);
  });

  it("keeps ages within the site's minimum and swaps a reversed range", () => {
    expect(readFilters(new URLSearchParams("min_age=12&max_age=200"), brand, defaults)).toMatchObject({ min_age: 18, max_age: 99 });
    expect(readFilters(new URLSearchParams("min_age=50&max_age=30"), brand, defaults)).toMatchObject({ min_age: 30, max_age: 50 });
    expect(readFilters(new URLSearchParams("min_age=abc"), site({ min_age: 21 }), defaults)).toMatchObject({ min_age: 18 });
  });

  it("turns ages into birth-date bounds, 29 February included", () => {
    expect(bornBy("2026-11-22", 40)).toBe("1986-11-22");
    expect(bornBy("2028-02-29", 18)).toBe("2010-02-28");
  });
});

describe("who may search", () => {
  it("lets members always search, visitors as logged_out_search and its traffic-source variant say", () => {
    const closed = site({ logged_out_search: false, logged_out_search_trafficsource: true });
    expect(maySearch(closed, { signedIn: true, fromTrafficSource: false })).toBe(true);
    expect(maySearch(closed, { signedIn: false, fromTrafficSource: false })).toBe(false);
    expect(maySearch(closed, { signedIn: false, fromTrafficSource: true })).toBe(true);
    expect(maySearch(site({ logged_out_search: false, logged_out_search_trafficsource: false }), { signedIn: false, fromTrafficSource: true })).toBe(false);
    expect(maySearch(site(), { signedIn: false, fromTrafficSource: false })).toBe(true);
  });
});
