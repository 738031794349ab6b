import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { wordmarkParts } from "../../app/lib/wordmark";
import { parseSiteFile, type SiteProblem } from "../../server/sites/load";
import { contrastRatio, MIN_TEXT_CONTRAST, TEXT_PAIRS } from "../../themes/contrast";
import { THEME_NAMES } from "../../themes/names";
import { PRESETS } from "../../themes/presets";
import { themeStyle, themeTokens } from "../../themes/resolve";
import type { ThemeTokens } from "../../themes/tokens";
import { siteFile } from "../support/site-fixtures";

/** Every text colour the app sets on a theme background, with its WCAG contrast ratio. */
function contrasts(color: ThemeTokens["color"]) {
  return TEXT_PAIRS.map(({ text, on, what }) => ({ pair: `${what}: ${text} on ${on}`, ratio: contrastRatio(color[text], color[on]) }));
}

const demoSites = await Promise.all(
  (await readdir("sites")).filter((name) => name.endsWith(".json")).map(async (name) => parseSiteFile(`sites/${name}`, await readFile(path.join("sites", name), "utf8"))),
);

describe("WCAG contrast", () => {
  it("computes the ratios of the WCAG formula", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#fff")).toBe(1);
    // The classic just-too-light grey on white.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
  });

  it.each(THEME_NAMES)("the %s preset gives every button, text and link at least 4.5:1", (name) => {
    for (const { pair, ratio } of contrasts(PRESETS[name].color)) expect(ratio, pair).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(demoSites.map((parsed) => [parsed.site?.id ?? "?", parsed] as const))("the demo brand %s, preset with its overrides, too", (_id, parsed) => {
    expect(parsed.problems).toEqual([]);
    const site = parsed.site!;
    for (const { pair, ratio } of contrasts(themeTokens(site.theme, site.theme_overrides).color)) {
      expect(ratio, pair).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe("the focus ring", () => {
  it.each(THEME_NAMES)("is the same neutral near-black and white pair in %s, never its danger colour", (name) => {
    const { color } = PRESETS[name];
    expect([color.focusRing, color.focusHalo]).toEqual(["#111111", "#ffffff"]);
    expect(color.focusRing).not.toBe(color.danger);
    // One of the two stands out on any background: light or dark.
    for (const background of [color.background, color.surface, color.heroFrom, color.primaryStrong]) {
      expect(Math.max(contrastRatio(color.focusRing, background), contrastRatio(color.focusHalo, background))).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("theme overrides in a brand file", () => {
  const problems = (overrides: unknown, theme = "flirt"): SiteProblem[] =>
    parseSiteFile("sites/test-brand.json", JSON.stringify(siteFile({ theme, theme_overrides: overrides }))).problems;

  it("accepts colours, fonts, radii and shadows, and puts them in the page's inline style", () => {
    const overrides = {
      color: { primaryStrong: "#1d4ed8", link: "#1D4ED8" },
      font: { body: "inter", heading: "lora", headingWeight: 700 },
      radius: { button: "12px" },
      shadow: { medium: "0 4px 12px rgba(0, 0, 0, 0.12), inset 0 1px 0 #ffffff" },
    };
    const { site, problems: found } = parseSiteFile("sites/test-brand.json", JSON.stringify(siteFile({ theme: "flirt", theme_overrides: overrides })));
    expect(found).toEqual([]);
    const css = themeStyle(themeTokens(site!.theme, site!.theme_overrides));
    expect(css).toMatch(/^html:root\{.*\}$/);
    expect(css).toContain("--color-primaryStrong:#1d4ed8");
    expect(css).toContain('--font-heading:"Lora Variable", Georgia');
    expect(css).toContain("--font-headingWeight:700");
    expect(css).toContain("--radius-button:12px");
    expect(css).toContain("--shadow-medium:0 4px 12px rgba(0, 0, 0, 0.12), inset 0 1px 0 #ffffff");
  });

  it("accepts an illustration style and another niche's hero scene: the outline reaches the inline style, the scene the home page", () => {
    const { site, problems: found } = parseSiteFile("sites/test-brand.json", JSON.stringify(siteFile({ theme: "flirt", theme_overrides: { illustration: { style: "outlined", scene: "she" } } })));
    expect(found).toEqual([]);
    expect(themeStyle(themeTokens(site!.theme, site!.theme_overrides))).toContain("--illustration-outline:3px");
    expect(themeStyle(themeTokens("flirt"))).not.toContain("--illustration-outline");
    expect(themeTokens(site!.theme, site!.theme_overrides).illustration).toEqual({ style: "outlined", scene: "she" });
    expect(themeTokens("flirt").illustration).toEqual({ style: "flat" });
  });

  it("adds nothing inline for a brand on the stylesheet's default preset", () => {
    expect(themeStyle(themeTokens("default"))).toBe("");
    expect(themeStyle(themeTokens("default", { radius: { small: "2px" } }))).toBe("html:root{--radius-small:2px}");
  });

  it.each([
    [{ color: { primary: "teal" } }, "theme_overrides.color.primary", '"teal" is not a colour written as #rrggbb'],
    [{ color: { primary: "#12345" } }, "theme_overrides.color.primary", "is not a colour written as #rrggbb"],
    [{ color: { primry: "#123456" } }, "theme_overrides.color", 'unknown colour token "primry": use primary, primaryStrong'],
    [{ color: { focusRing: "#c62828" } }, "theme_overrides.color", 'unknown colour token "focusRing"'],
    [{ colour: {} }, "theme_overrides", 'unknown theme token "colour": use color, font, radius, shadow'],
    [{ font: { body: "comic-sans" } }, "theme_overrides.font.body", '"comic-sans" is not a typeface this product serves; use one of inter'],
    [{ font: { heading: "lora", headingWeight: 900 } }, "theme_overrides.font.headingWeight", "Lora Variable comes in weights 400 to 700"],
    [{ radius: { large: "big" } }, "theme_overrides.radius.large", '"big" is not a length such as 12px'],
    [{ illustration: { style: "sketchy" } }, "theme_overrides.illustration.style", '"sketchy" is not an illustration style; use flat or outlined'],
    [{ illustration: { scene: "beach" } }, "theme_overrides.illustration.scene", '"beach" is not a hero scene; use a niche\'s: none, she'],
    [{ shadow: { small: "0 0 0 red; } body { display: none" } }, "theme_overrides.shadow.small", "is not a shadow such as"],
    [{ color: { primaryStrong: "#ff9999" } }, "theme_overrides.color.primaryStrong", "button text: onPrimaryStrong #ffffff on primaryStrong #ff9999 has a contrast of"],
    [{ color: { text: "#aaaaaa" } }, "theme_overrides.color.text", "must be at least 4.5:1"],
  ])("refuses %j at %s: %s", (overrides, at, message) => {
    const found = problems(overrides);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.path).toBe(at);
    expect(found[0]!.message).toContain(message);
  });
});

describe("the wordmark", () => {
  it.each([
    ["FlirtNL", ["Flirt", "NL"]],
    ["HimMatch", ["Him", "Match"]],
    ["CurvyCrush", ["Curvy", "Crush"]],
    ["Reife Liebe", ["Reife ", "Liebe"]],
    ["amora", ["amora", ""]],
    ["ABC", ["ABC", ""]],
  ])("shows %s in two parts", (name, parts) => {
    expect(wordmarkParts(name)).toEqual(parts);
  });
});
