import { describe, expect, it } from "vitest";
import { parseSiteFile } from "../../server/sites/load";
import { landerAddresses, landingPathLanguage, landingSlug, siteLandingSlugs } from "../../server/sites/landing-slug";
import { siteFile } from "../support/site-fixtures";

describe("landing-page slug (§2)", () => {
  it.each([
    [1, "nl", "nl"],
    [2, "nl", "she-nl"],
    [3, "de", "bdsm-de"],
    [4, "en", "bbw-eng"],
    [5, "fr", "gilf-fr"],
    [6, "de", "milf-de"],
    [7, "en", "gay-eng"],
    [1, "en", "eng"],
    [4, "es", "bbw-es"],
    [1, "nl-BE", "nl"],
    [7, "en-US", "gay-eng"],
  ])("niche %i in %s gives %s", (niche, locale, slug) => {
    expect(landingSlug(niche, locale)).toBe(slug);
  });

  it("gives every locale its suffix, English as eng", () => {
    const locales = ["nl", "da", "de", "en", "es", "fi", "fr", "it", "nb", "pl", "sv"];
    expect(locales.map((locale) => landingSlug(1, locale))).toEqual(["nl", "da", "de", "eng", "es", "fi", "fr", "it", "nb", "pl", "sv"]);
    expect(locales.map((locale) => landingSlug(6, locale))).toEqual(["milf-nl", "milf-da", "milf-de", "milf-eng", "milf-es", "milf-fi", "milf-fr", "milf-it", "milf-nb", "milf-pl", "milf-sv"]);
  });

  it("gives every niche its prefix, none for niche 1", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((niche) => landingSlug(niche, "sv"))).toEqual(["sv", "she-sv", "bdsm-sv", "bbw-sv", "gilf-sv", "milf-sv", "gay-sv"]);
  });
});

const bbwUs = parseSiteFile("sites/bbw-us.json", JSON.stringify(siteFile({ niche: 4, countries: ["US"], locales: { US: ["en", "es"] }, domains: ["curvycrush.example"] }))).site!;

describe("a brand's slugs", () => {
  it("has one per language the brand shows", () => {
    expect(siteLandingSlugs(bbwUs)).toEqual([
      { language: "en", slug: "bbw-eng" },
      { language: "es", slug: "bbw-es" },
    ]);
  });

  it("reads the language from a lander's or member landing page's slug, and only from a slug of the brand", () => {
    expect(landingPathLanguage(bbwUs, "/landers/gallery/bbw-es")).toBe("es");
    expect(landingPathLanguage(bbwUs, "/landers/video/bbw-eng/")).toBe("en");
    expect(landingPathLanguage(bbwUs, "/landers/gallery/bbw-es.data")).toBe("es");
    expect(landingPathLanguage(bbwUs, "/members/12/landing2/bbw-es")).toBe("es");
    expect(landingPathLanguage(bbwUs, "/members/12/landing3/bbw-es")).toBe("es");
    // Another niche's or language's slug, a design that does not exist, a path that takes no slug.
    expect(landingPathLanguage(bbwUs, "/landers/gallery/milf-es")).toBeUndefined();
    expect(landingPathLanguage(bbwUs, "/landers/gallery/bbw-de")).toBeUndefined();
    expect(landingPathLanguage(bbwUs, "/landers/nothing/bbw-es")).toBeUndefined();
    expect(landingPathLanguage(bbwUs, "/members/12/bbw-es")).toBeUndefined();
    expect(landingPathLanguage(bbwUs, "/pages/bbw-es")).toBeUndefined();
  });

  it("lists every lander address on the primary domain, each design in each language", () => {
    const addresses = landerAddresses(bbwUs);
    expect(addresses).toHaveLength(2 * 8 + 1);
    expect(addresses).toContainEqual({ language: "es", design: "maplanding", url: "https://curvycrush.example/landers/maplanding/bbw-es" });
    expect(addresses).toContainEqual({ language: "en", design: "alonetonight", url: "https://curvycrush.example/landers/alonetonight/bbw-eng" });
    expect(addresses.at(-1)).toEqual({ language: undefined, design: "tinderswipe", url: "https://curvycrush.example/landers/tinderswipe" });
  });
});
