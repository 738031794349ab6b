import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { avatarTarget } from "../../server/profiles/demo-avatars";
import { seedDemoMembers } from "../../server/profiles/demo-members";
import { showcaseMembers } from "../../server/search/showcase";
import { localized } from "../../server/sites/settings";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, hydrated, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

type Brand = { id: string; niche: string; language: string; country: string };

/** Two brands of different niches that read the same language: their pages must not share body copy. */
const BRANDS: Brand[] = [
  { id: "gay-uk", niche: "gay", language: "en", country: "GB" },
  { id: "bbw-us", niche: "bbw", language: "en", country: "US" },
];

const suite = browserSuite();
const ROOM = 180_000;

/** Per brand, the members its home page should show, newest first; the second is made fictional. */
const shown = new Map<string, { id: number; name: string; fictional: boolean }[]>();

beforeAll(async () => {
  const { db } = suite.server.store;
  await seedDemoMembers({ db, sites: suite.server.sites.all(), count: 120, ...avatarTarget(suite.server.services.photos, suite.server.dataDir) });
  const today = new Date().toISOString().slice(0, 10);
  for (const brand of BRANDS) {
    const site = suite.server.sites.resolveHost(`${brand.id}.localhost`)!;
    const members = await showcaseMembers(db, { site, today, limit: 8 });
    const ids = members.map((member) => member.id);
    await db.updateTable("profiles").set({ fictional: false }).where("id", "in", ids).execute();
    await db.updateTable("profiles").set({ fictional: true }).where("id", "=", ids[1]!).execute();
    shown.set(brand.id, members.map((member, index) => ({ id: member.id, name: member.name, fictional: index === 1 })));
  }
});

async function home(brand: Brand, viewport = DESKTOP): Promise<Page> {
  const origin = suite.server.origin(brand.id);
  const context = await returningVisitor(suite.browser, origin, { viewport, country: brand.country });
  const page = await context.newPage();
  await page.goto(origin + "/");
  return page;
}

/**
 * The home page's own words: the hero, the trust points, the steps and the closing call; not the
 * member tiles, nor the signup bonus, a fact every brand with one states alike.
 */
async function bodyCopy(page: Page, brand: Brand): Promise<string[]> {
  const bonus = text(brand.language, "home:signupCredits_other", { count: suite.server.sites.resolveHost(`${brand.id}.localhost`)!.signup_credits });
  const lines = await page.locator("main section:not([aria-labelledby=members-title])").locator("h1, h2, h3, p").allTextContents();
  return lines.filter((line) => line !== bonus);
}

describe.each(BRANDS)("the home page of $id", (brand) => {
  const t = (key: string, values?: Record<string, string | number>) => text(brand.language, key, values);

  it("sells its niche: hero and art, trust points, steps and a closing call, in the niche's words", async () => {
    const page = await home(brand);
    const name = suite.server.sites.resolveHost(`${brand.id}.localhost`)!.name;
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t(`home:${brand.niche}.title`, { name }));
    for (const key of ["trustTitle", "stepsTitle", "closingTitle"]) {
      await page.getByRole("heading", { level: 2, name: t(`home:${brand.niche}.${key}`, { name }) }).waitFor();
    }
    for (const index of [0, 1, 2]) {
      await page.getByRole("heading", { level: 3, name: t(`home:${brand.niche}.trust.${index}.title`) }).waitFor();
      await page.getByRole("heading", { level: 3, name: t(`home:${brand.niche}.steps.${index}.title`) }).waitFor();
    }
    // The art is the niche's drawing, a file of the site's own that holds the scene.
    const art = await page.locator("main svg use").first().getAttribute("href");
    expect(art).toMatch(new RegExp(`^/assets/${brand.niche}-[\\w-]+\\.svg#scene$`));
    const drawing = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    }, art!.replace(/#.*/, ""));
    expect(drawing.status).toBe(200);
    expect(drawing.body).toContain('<symbol id="scene"');
    // Its frame is known before the file arrives: no layout shift.
    expect(await page.locator("main svg").first().evaluate((svg) => [svg.getAttribute("width"), svg.getAttribute("height")])).toEqual(["560", "460"]);
    await page.context().close();
  });

  it("shows its newest findable members, the fictional one badged with the brand's warning, and a tile opens the profile", async () => {
    const page = await home(brand);
    const members = shown.get(brand.id)!;
    expect(members.length).toBeGreaterThanOrEqual(2);
    const strip = page.locator("section[aria-labelledby=members-title]");
    const tiles = strip.getByRole("listitem");
    await expect.poll(() => tiles.count()).toBe(members.length);
    for (const [index, member] of members.entries()) {
      const tile = tiles.nth(index);
      expect(await tile.getByRole("link").getAttribute("href")).toBe(`/members/${member.id}`);
      expect(await tile.textContent()).toContain(member.name);
      expect(await tile.getByText(t("members:profile.fictionalBadge"), { exact: true }).count()).toBe(member.fictional ? 1 : 0);
    }
    const site = suite.server.sites.resolveHost(`${brand.id}.localhost`)!;
    await strip.getByText(localized(site.fictional_warning!.plural, "en")!, { exact: true }).waitFor();

    await hydrated(page);
    await tiles.first().getByRole("link").click();
    await page.waitForURL(`**/members/${members[0]!.id}`);
    await page.getByRole("heading", { level: 1, name: members[0]!.name }).waitFor();
    await page.context().close();
  });

  it.each([["phone", PHONE], ["desktop", DESKTOP]] as const)("passes axe-core on a %s and fits its width", async (_label, viewport) => {
    const page = await home(brand, viewport);
    await page.locator("section[aria-labelledby=members-title] img").first().waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

/** The new design (issue 20 item 4), always at the address an A/B test's ads lead to. */
describe("the home page's new design", () => {
  it.each([
    ["flirt-nl", "NL", "nl", "none"],
    ["gay-uk", "GB", "en", "gay"],
  ] as const)(
    "of %s shows the brand's newest members in its hero and its words in its language, on a phone and a desktop, accessible; its signup is the page on a phone and the modal on a desktop",
    async (siteId, country, language, niche) => {
      const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
      const origin = suite.server.origin(siteId);
      const name = suite.server.sites.resolveHost(`${siteId}.localhost`)!.name;
      for (const viewport of [PHONE, DESKTOP]) {
        const context = await returningVisitor(suite.browser, origin, { viewport, country });
        const page = await context.newPage();
        await page.goto(origin + "/index-new-design");
        await hydrated(page);
        expect(await page.locator("html").getAttribute("lang")).toBe(language);
        await page.getByRole("heading", { level: 1, name: t(`home:${niche}.title`, { name }) }).waitFor();
        for (const key of ["membersTitle", "stepsTitle", "trustTitle", "closingTitle"]) {
          await page.getByRole("heading", { level: 2, name: t(`home:${niche}.${key}`, { name }) }).waitFor();
        }
        // The hero's faces are the first of the members the strip below names.
        const photos = (list: string) => page.locator(list).locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
        const strip = await photos("section[aria-labelledby=members-title]");
        expect(await photos("section[aria-labelledby=hero-title] ul[aria-hidden=true]")).toEqual(strip.slice(0, 6));
        await page.locator("section[aria-labelledby=members-title] img").first().waitFor();
        await expectAccessible(page);
        if (viewport === PHONE) await expectFitsPhone(page);
        else expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

        await page.getByRole("link", { name: t("home:signup"), exact: true }).first().click();
        if (viewport === PHONE) {
          await page.waitForURL(`${origin}/signup`);
          await page.getByRole("heading", { level: 1, name: t("account:signup.title") }).waitFor();
        } else {
          await page.getByRole("dialog", { name: t("account:signup.title") }).waitFor();
          await expectAccessible(page);
        }
        await context.close();
      }
    },
    ROOM,
  );
});

describe("the niches' copy decks", () => {
  it("gives the gay brand and the curvy brand, both in English, no sentence in common", async () => {
    const [gay, curvy] = await Promise.all(BRANDS.map((brand) => home(brand)));
    const gayCopy = await bodyCopy(gay!, BRANDS[0]!);
    const curvyCopy = new Set(await bodyCopy(curvy!, BRANDS[1]!));
    expect(gayCopy.length).toBeGreaterThan(10);
    expect(gayCopy.filter((line) => curvyCopy.has(line))).toEqual([]);
    await Promise.all([gay!.context().close(), curvy!.context().close()]);
  });
});

describe("a signed-in member", () => {
  it("who opens / goes to the member search, even when visitors' / is kept in the cache", async () => {
    const brand = BRANDS[0]!;
    const origin = suite.server.origin(brand.id);
    // A visitor's page is in the cache first.
    const visitor = await home(brand);
    await visitor.reload();
    await visitor.context().close();

    const member = await createMember(suite.server, { siteId: brand.id, name: "Olly" });
    const context = await returningVisitor(suite.browser, origin, { country: brand.country });
    const cookie = await sessionCookie(suite.server, { siteId: brand.id, accountId: member.accountId });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
    const page = await context.newPage();
    const response = await page.goto(origin + "/");
    expect(new URL(page.url()).pathname).toBe("/members");
    const redirect = await response!.request().redirectedFrom()!.response();
    expect(redirect!.status()).toBe(302);
    expect(redirect!.headers()["x-page-cache"]).toBeUndefined();
    expect(redirect!.headers()["cache-control"]).toBe("private, no-store");

    // Going home from inside the site (the logo) ends on the search too, without a page load.
    await page.goto(origin + "/likes");
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await page.locator("header a[href='/']").first().click();
    await page.waitForURL(`${origin}/members`);
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    await context.close();
  });
});
