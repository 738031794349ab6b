import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hydrated, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible } from "../support/page-checks";

type Brand = { id: string; name: string; language: string; body: string; display: string; fonts: string[] };

/** Each demo brand's typefaces: the body face, the display face, and the packages their files come from. */
const BRANDS: Brand[] = [
  { id: "flirt-nl", name: "FlirtNL", language: "nl", body: "DM Sans Variable", display: "Fraunces Variable", fonts: ["dm-sans", "fraunces"] },
  { id: "milf-de", name: "Reife Liebe", language: "de", body: "Lora Variable", display: "Playfair Display Variable", fonts: ["lora", "playfair-display"] },
  { id: "gay-uk", name: "HimMatch", language: "en", body: "Inter Variable", display: "Outfit Variable", fonts: ["inter", "outfit"] },
  { id: "bbw-us", name: "CurvyCrush", language: "en", body: "Nunito Variable", display: "Quicksand Variable", fonts: ["nunito", "quicksand"] },
];

// A built font file: the package's upright weight-axis cut of one subset, under a content hash.
const FONT_FILE = /^\/assets\/([a-z-]+)-latin(-ext)?-wght-normal-[\w-]{8}\.woff2$/;

const suite = browserSuite();

async function openHome(brand: Brand, viewport = DESKTOP): Promise<{ page: Page; responses: Response[] }> {
  const origin = suite.server.origin(brand.id);
  const context = await returningVisitor(suite.browser, origin, { viewport });
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on("response", (response) => responses.push(response));
  await page.goto(origin + "/");
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  return { page, responses };
}

const wordmark = (page: Page) => page.locator("header nav a[aria-label]").first();

describe.each(BRANDS)("$id", (brand) => {
  it("sets its wordmark and headings in its display face, its text in its body face, from its own preloaded font files", async () => {
    const { page, responses } = await openHome(brand);
    expect(responses.filter((response) => response.status() >= 400).map((response) => `${response.status()} ${response.url()}`)).toEqual([]);

    const fontFiles = responses.map((response) => new URL(response.url()).pathname).filter((pathname) => pathname.endsWith(".woff2"));
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const file of fontFiles) expect(brand.fonts, file).toContain(FONT_FILE.exec(file)?.[1]);

    const preloads = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) =>
      links.map((link) => [new URL((link as HTMLLinkElement).href).pathname, link.getAttribute("crossorigin"), link.getAttribute("type")]),
    );
    expect(preloads.map(([href]) => FONT_FILE.exec(href!)?.[1]).sort()).toEqual([...brand.fonts].sort());
    for (const [href, crossOrigin, type] of preloads) {
      expect(href).not.toContain("latin-ext");
      expect([crossOrigin, type]).toEqual(["anonymous", "font/woff2"]);
    }

    const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replaceAll('"', "")));
    expect(loaded).toEqual(expect.arrayContaining([brand.body, brand.display]));
    const family = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).fontFamily.replaceAll('"', ""));
    expect(await family("body")).toMatch(new RegExp(`^${brand.body},`));
    expect(await family("main h1")).toMatch(new RegExp(`^${brand.display},`));
    expect(await family("header nav a[aria-label] > span")).toMatch(new RegExp(`^${brand.display},`));
    await page.context().close();
  });

  it("shows its whole name on a phone, beside the bar's buttons", async () => {
    const { page } = await openHome(brand, PHONE);
    const name = wordmark(page).locator("> span");
    expect(await name.textContent()).toBe(brand.name);
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const nameBox = (await name.boundingBox())!;
    const actions = await page.locator("header nav > div").last().boundingBox();
    expect(nameBox.x).toBeGreaterThanOrEqual(0);
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(actions!.x);
    await page.context().close();
  });
});

describe("the focus ring", () => {
  it("is near-black with a white halo, not a brand or danger colour, on a button and a link", async () => {
    const { page } = await openHome(BRANDS[0]!);
    const login = page.locator("header a[href^='/signup']");
    await login.focus();
    // Focused by the keyboard's way (focus-visible), as a Tab would.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const ring = await login.evaluate((element) => {
      const style = getComputedStyle(element);
      return { focused: element.matches(":focus-visible"), outline: `${style.outlineStyle} ${style.outlineColor} ${style.outlineWidth}`, halo: style.boxShadow };
    });
    expect(ring).toEqual({ focused: true, outline: "solid rgb(17, 17, 17) 3px", halo: "rgb(255, 255, 255) 0px 0px 0px 7px" });
    await page.context().close();
  });
});

describe("the site-entry warning's way out", () => {
  it("takes a visitor who chooses Leave off the site to a neutral page, telling it nothing of where they were", async () => {
    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const arrivals: (string | undefined)[] = [];
    await context.route("https://www.google.com/**", (route) => {
      arrivals.push(route.request().headers().referer);
      return route.fulfill({ contentType: "text/html", body: "<title>Elsewhere</title>" });
    });
    await page.goto(suite.server.origin("gay-uk"));
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const leave = dialog.getByRole("link", { name: text("en", "siteEntry.leave"), exact: true });
    expect(await dialog.getByRole("button", { name: text("en", "siteEntry.confirm") }).isVisible()).toBe(true);
    await leave.click();
    await page.waitForURL("https://www.google.com/");
    expect(arrivals).toEqual([undefined]);
    await context.close();
  });
});

describe("the language menu", () => {
  it.each([["phone", PHONE], ["desktop", DESKTOP]] as const)("lists the languages by their own names on a %s, marks the current one, and switches", async (_label, viewport) => {
    const brand = BRANDS[3]!;
    const { page } = await openHome(brand, viewport);
    const menu = page.locator("#language-menu");
    await menu.locator("summary").click();
    const choices = menu.getByRole("button");
    await choices.first().waitFor();
    expect(await choices.allTextContents()).toEqual(expect.arrayContaining(["English", "Español"]));
    expect(await menu.getByRole("button", { name: "English" }).getAttribute("aria-current")).toBe("true");
    await expectAccessible(page);
    // The open menu stays inside the screen.
    const panel = (await menu.locator("form").boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
    await page.keyboard.press("Escape");
    expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Español" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "es");
    expect(await wordmark(page).locator("> span").textContent()).toBe(brand.name);
    await page.context().close();
  });
});

/** The hero's scene (its file's niche) and the outline its shapes inherit. */
function heroArt() {
  const art = document.querySelector("main svg:has(use[href$='#scene'])")!;
  const href = art.querySelector("use")!.getAttribute("href")!;
  return { scene: /\/assets\/([a-z]+)-/.exec(href)?.[1], outline: getComputedStyle(art).strokeWidth };
}

describe("theme overrides in a brand file", () => {
  it("reach the brand's pages on the next request: colours, typeface and weight, the art's style and scene", async () => {
    const file = path.join(suite.server.sitesDir, "gay-uk.json");
    const settings = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const brand = BRANDS[2]!;
    const before = await openHome(brand);
    expect(await before.page.locator("header a[href^='/signup']").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(91, 33, 182)");
    expect(await before.page.evaluate(heroArt)).toEqual({ scene: "gay", outline: "0px" });
    await before.page.context().close();

    await writeFile(
      file,
      JSON.stringify({
        ...settings,
        theme_overrides: { color: { primaryStrong: "#0f5f58" }, font: { heading: "fraunces", headingWeight: 500 }, illustration: { style: "outlined", scene: "bbw" } },
      }),
    );
    await expect
      .poll(async () => {
        const { page } = await openHome(brand);
        const art = await page.evaluate(heroArt);
        const seen = await page.evaluate(() => {
          const join = document.querySelector("header a[href^='/signup']")!;
          const heading = document.querySelector("main h1")!;
          return {
            button: getComputedStyle(join).backgroundColor,
            heading: `${getComputedStyle(heading).fontFamily.split(",")[0]} ${getComputedStyle(heading).fontWeight}`,
            preloads: [...document.querySelectorAll('link[rel="preload"][as="font"]')].map((link) => /\/assets\/([a-z-]+)-latin/.exec((link as HTMLLinkElement).href)?.[1]).sort(),
          };
        });
        await page.context().close();
        return { ...seen, art };
      }, { timeout: 30_000, interval: 500 })
      .toEqual({ button: "rgb(15, 95, 88)", heading: '"Fraunces Variable" 500', preloads: ["fraunces", "inter"], art: { scene: "bbw", outline: "3px" } });
  });
});
