import { describe, expect, it } from "vitest";
import { landingSlug } from "../../server/sites/landing-slug";

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
});
