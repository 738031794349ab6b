import { COUNTRIES, isCountryCode } from "../sites/countries";
import type { Site } from "../sites/schema";
import { isLanguage, type Language } from "./languages";

/** Every language a site shows in any of its countries, in the order its files list them. */
export function siteLanguages(site: Pick<Site, "countries" | "locales">): Language[] {
  return [...new Set(site.countries.flatMap((country) => site.locales[country]))];
}

/**
 * The languages §9 gives a visitor from `country` on this site: the site's own list for one of its
 * countries, else the §9 table for that country limited to what the site offers (maybe none).
 */
function countryLanguages(site: Pick<Site, "countries" | "locales">, country: string): Language[] {
  if (!isCountryCode(country)) return [];
  if ((site.countries as string[]).includes(country)) return site.locales[country];
  const offered = siteLanguages(site);
  return COUNTRIES[country].locales.filter((language) => offered.includes(language));
}

/** What the language switcher offers: the country's languages, else every language of the site. */
export function visibleLanguages(site: Pick<Site, "countries" | "locales">, country: string): Language[] {
  const forCountry = countryLanguages(site, country);
  return forCountry.length > 0 ? forCountry : siteLanguages(site);
}

/** Languages of an Accept-Language header, best first (`fr-BE;q=0.9` gives fr). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { language: tag.slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.language);
}

type LocaleInput = {
  site: Pick<Site, "countries" | "locales" | "domain_language">;
  country: string;
  cookie?: string | null;
  acceptLanguage?: string | null;
};

/**
 * The visitor's language (§1, §9): the locale cookie when the site shows that language to them;
 * else the visible languages for their country (the browser's preference among them, else the
 * first); else the site's domain_language; else the site's first language.
 */
export function chooseLanguage({ site, country, cookie, acceptLanguage }: LocaleInput): Language {
  if (isLanguage(cookie) && visibleLanguages(site, country).includes(cookie)) return cookie;
  const forCountry = countryLanguages(site, country);
  if (forCountry.length > 0) {
    const preferred = acceptedLanguages(acceptLanguage).find((l) => (forCountry as string[]).includes(l));
    return (preferred as Language | undefined) ?? forCountry[0]!;
  }
  const offered = siteLanguages(site);
  return offered.includes(site.domain_language) ? site.domain_language : offered[0]!;
}
