import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hydrated, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible } from "../support/page-checks";

type Brand = { id: string; name: string; language: string; primaryStrong: string; switcher: boolean; country: string };

/** What a visitor of each demo brand should see (the theme colour fills the Join button and outlines Log in). */
const BRANDS: Brand[] = [
  { id: "flirt-nl", name: "FlirtNL", language: "nl", primaryStrong: "rgb(199, 58, 29)", switcher: false, country: "NL" },
  { id: "milf-de", name: "Reife Liebe", language: "de", primaryStrong: "rgb(116, 21, 48)", switcher: false, country: "DE" },
  { id: "gay-uk", name: "HimMatch", language: "en", primaryStrong: "rgb(91, 33, 182)", switcher: false, country: "GB" },
  { id: "bbw-us", name: "CurvyCrush", language: "en", primaryStrong: "rgb(179, 38, 63)", switcher: true, country: "US" },
];

const FOOTER_PATHS = ["/pages/terms", "/pages/privacy", "/pages/cookies", "/pages/ban", "/pricing", "/complaints", "/pages/return-policy", "/pages/faq", "/pages/service"];

const suite = browserSuite();

async function open(brand: Brand, pathname = "/", viewport = DESKTOP): Promise<Page> {
  return (await openWithResponse(brand, pathname, viewport)).page;
}

async function openWithResponse(brand: Brand, pathname: string, viewport = DESKTOP) {
  const context = await returningVisitor(suite.browser, suite.server.origin(brand.id), { viewport, country: brand.country });
  const page = await context.newPage();
  const response = await page.goto(suite.server.origin(brand.id) + pathname);
  return { page, response };
}

describe.each(BRANDS)("$id", (brand) => {
  it("shows its own name, theme and language", async () => {
    const page = await open(brand);
    await expect(page.locator("header").getByRole("link", { name: brand.name })).toBeDefined();
    expect(await page.locator("header nav a").first().getAttribute("aria-label")).toBe(brand.name);
    expect(await page.locator("html").getAttribute("lang")).toBe(brand.language);
    expect(await page.title()).toContain(brand.name);
    const join = await page.locator("header a[href^='/signup']").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(join).toBe(brand.primaryStrong);
    const login = await page.locator("header a[href='/login']").evaluate((el) => getComputedStyle(el).color);
    expect(login).toBe(brand.primaryStrong);
    await page.context().close();
  });

  it("links every footer page of §2, and each opens", async () => {
    const page = await open(brand);
    const hrefs = await page.locator("footer nav a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(FOOTER_PATHS);
    await page.locator("footer a[href='/pages/terms']").click();
    await page.waitForURL("**/pages/terms");
    // The terms name the brand's company, as its site file gives it.
    await page.waitForFunction(() => document.querySelector("main")?.textContent?.includes("Amora Media"));
    expect(await page.locator("main h1").textContent()).toBeTruthy();
    await page.context().close();
  });

  it(`shows the language switcher ${brand.switcher ? "" : "not "}(more than one visible locale)`, async () => {
    const page = await open(brand);
    expect(await page.locator("#language-menu").count()).toBe(brand.switcher ? 1 : 0);
    await page.context().close();
  });

  it("shows the error pages of §8", async () => {
    const { page, response } = await openWithResponse(brand, "/no-such-page");
    expect(response?.status()).toBe(404);
    const text = await page.locator("main").textContent();
    const expected = brand.language === "nl" ? ["Niet gevonden", "Deze pagina kon niet worden gevonden", "Startpagina"]
      : brand.language === "de" ? ["Nicht gefunden"] : ["Not found", "This page could not be found", "Home page"];
    for (const part of expected) expect(text).toContain(part);
    await page.locator("main a[href='/']").click();
    await page.waitForURL(suite.server.origin(brand.id) + "/");
    await page.context().close();
  });

  it.each([["phone", PHONE], ["desktop", DESKTOP]] as const)("passes axe-core on a %s, and fits its width", async (_label, viewport) => {
    for (const pathname of ["/", "/pages/faq", "/members", "/no-such-page"]) {
      const page = await open(brand, pathname, viewport);
      await expectAccessible(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, pathname).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });
});

describe("language switching", () => {
  it("switches bbw-us to Spanish and keeps it across pages", async () => {
    const brand = BRANDS[3]!;
    const page = await open(brand, "/pages/faq");
    // Choosing submits at once when the page runs its script; on a busy machine that can come after the pick.
    await hydrated(page);
    await page.locator("#language-menu summary").click();
    await page.locator("#language-menu").getByRole("button", { name: "Español" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "es");
    expect(page.url()).toBe(suite.server.origin(brand.id) + "/pages/faq");
    await page.goto(suite.server.origin(brand.id) + "/");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const cookie = (await page.context().cookies()).find((c) => c.name === "locale");
    expect(cookie?.value).toBe("es");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.context().close();
  });

  it("serves Belgian visitors of flirt-nl the nl-BE labels", async () => {
    const page = await open({ ...BRANDS[0]!, country: "BE" });
    expect(await page.locator("html").getAttribute("data-i18n")).toBe("nl-BE");
    expect(await page.locator("header a[href='/login']").textContent()).toBe("Aanmelden");
    await page.context().close();
  });
});

describe("the site-entry warning", () => {
  it("shows once to a new visitor, and not again after confirming", async () => {
    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(suite.server.origin("gay-uk"));
    const dialog = page.getByRole("dialog");
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button").click();
    await page.waitForFunction(() => !document.querySelector("[role=dialog]"));
    await page.reload();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("shows the entry warning bar to visitors from NL and DE only", async () => {
    const nl = await open(BRANDS[0]!);
    expect(await nl.locator("aside").count()).toBe(1);
    await nl.context().close();
    const gb = await open(BRANDS[2]!);
    expect(await gb.locator("aside").count()).toBe(0);
    await gb.context().close();
  });
});

describe("editing a site file", () => {
  it("shows the change without a restart", async () => {
    const file = path.join(suite.server.sitesDir, "milf-de.json");
    const original = await readFile(file, "utf8");
    await writeFile(file, JSON.stringify({ ...JSON.parse(original), name: "Reife Liebe Neu" }, null, 2));
    const page = await open(BRANDS[1]!);
    await expect.poll(async () => {
      await page.reload();
      return page.title();
    }, { timeout: 3_000 }).toContain("Reife Liebe Neu");
    await writeFile(file, original);
    await page.context().close();
  });
});
