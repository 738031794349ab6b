import { describe, expect, it } from "vitest";
import { acceptedLanguages, chooseLanguage, visibleLanguages } from "../../server/i18n/locale";
import { translationLanguage } from "../../server/i18n/languages";
import { parseSiteFile } from "../../server/sites/load";
import { COUNTRIES, COUNTRY_CODES } from "../../server/sites/countries";
import type { Site } from "../../server/sites/schema";
import { siteFile } from "../support/site-fixtures";

function site(overrides: Record<string, unknown>): Site {
  const parsed = parseSiteFile("sites/t.json", JSON.stringify(siteFile(overrides)));
  if (!parsed.site) throw new Error(JSON.stringify(parsed.problems));
  return parsed.site;
}

/** One brand serving every country of §9 with the table's locales. */
const everywhere = site({ countries: COUNTRY_CODES, domain_language: "en" });

const TABLE: Record<string, string[]> = {
  US: ["en", "es"], NL: ["nl"], BE: ["nl", "fr", "de"], FR: ["fr"], IT: ["it"], ES: ["es"], DE: ["de"], AT: ["de"],
  IE: ["en"], GB: ["en"], CA: ["en", "fr"], PL: ["pl"], AU: ["en"], NZ: ["en"], CH: ["de", "it", "fr", "en"],
  DK: ["da"], FI: ["fi", "sv"], NO: ["nb"], SE: ["sv"],
};

describe("locale choice", () => {
  it("knows the visible locales of every country of §9", () => {
    expect(Object.fromEntries(COUNTRY_CODES.map((code) => [code, [...COUNTRIES[code].locales]]))).toEqual(TABLE);
  });

  it.each(Object.entries(TABLE))("a visitor from %s without a cookie reads %j[0] and may switch among %j", (country, locales) => {
    expect(visibleLanguages(everywhere, country)).toEqual(locales);
    expect(chooseLanguage({ site: everywhere, country })).toBe(locales[0]);
  });

  it.each(Object.entries(TABLE))("a visitor from %s keeps a cookie for any of its visible locales", (country, locales) => {
    for (const language of locales) expect(chooseLanguage({ site: everywhere, country, cookie: language })).toBe(language);
  });

  it("ignores a cookie for a language the site does not show this visitor", () => {
    expect(chooseLanguage({ site: everywhere, country: "NL", cookie: "de" })).toBe("nl");
    expect(chooseLanguage({ site: everywhere, country: "NL", cookie: "klingon" })).toBe("nl");
  });

  it("prefers the browser's language among the country's visible ones", () => {
    expect(chooseLanguage({ site: everywhere, country: "BE", acceptLanguage: "fr-BE,fr;q=0.9,en;q=0.5" })).toBe("fr");
    expect(chooseLanguage({ site: everywhere, country: "BE", acceptLanguage: "sv" })).toBe("nl");
  });

  it("uses the site's own locales for its countries", () => {
    const flemish = site({ countries: ["NL", "BE"], locales: { BE: ["nl"] } });
    expect(visibleLanguages(flemish, "BE")).toEqual(["nl"]);
    expect(chooseLanguage({ site: flemish, country: "BE", cookie: "fr" })).toBe("nl");
  });

  it("falls back to the domain language for a visitor whose country's languages the site lacks", () => {
    const us = site({ countries: ["US"], domain_language: "es" });
    expect(chooseLanguage({ site: us, country: "DE" })).toBe("es");
    expect(visibleLanguages(us, "DE")).toEqual(["en", "es"]);
  });

  it("falls back to the site's first language when the domain language is not offered", () => {
    const nl = site({ countries: ["NL"], domain_language: "fr" });
    expect(chooseLanguage({ site: nl, country: "JP" })).toBe("nl");
  });

  it("reads Accept-Language by quality", () => {
    expect(acceptedLanguages("en;q=0.2, de-AT, fr;q=0.8, *;q=0")).toEqual(["de", "fr", "en"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it("uses the regional variants of §1 where they exist", () => {
    expect(translationLanguage("nl", "BE")).toBe("nl-BE");
    expect(translationLanguage("fr", "BE")).toBe("fr-BE");
    expect(translationLanguage("en", "US")).toBe("en-US");
    expect(translationLanguage("nl", "NL")).toBe("nl");
    expect(translationLanguage("de", "BE")).toBe("de");
  });
});
