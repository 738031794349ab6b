import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember } from "../support/accounts";
import { DESKTOP, hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const BRAND = { id: "flirt-nl", language: "nl", country: "NL" };
const t = (key: string, values?: Record<string, string | number>) => text(BRAND.language, key, values);

const suite = browserSuite();

type Member = Awaited<ReturnType<typeof createMember>>;

/** A Dutch member with a gender and sexuality, so the search has a default to look for. */
async function member(name: string, gender: "male" | "female"): Promise<Member> {
  const created = await createMember(suite.server, { siteId: BRAND.id, name });
  await suite.server.store.db.updateTable("profiles").set({ gender, sexuality: "hetero" }).where("id", "=", created.profileId).execute();
  return created;
}

/** A page of a member signed in by a session made directly (signing in has its own tests). */
async function asMember(who: Member, pathname: string, { viewport = PHONE, javaScriptEnabled = true } = {}): Promise<Page> {
  const page = await openPage(suite, { siteId: BRAND.id, pathname, member: who, viewport, country: BRAND.country, javaScriptEnabled });
  if (javaScriptEnabled) await hydrated(page);
  return page;
}

/** The Filters button by its accessible name: the word, and the number of active filters when there are any. */
const filtersButton = (page: Page, active: number) =>
  page.getByRole("button", {
    name: active ? `${t("members:search.filtersButton")} (${t(`members:search.filtersActive_${active === 1 ? "one" : "other"}`, { count: active })})` : t("members:search.filtersButton"),
    exact: true,
  });

const sheet = (page: Page) => page.getByRole("dialog", { name: t("members:search.filters") });

describe("search on flirt-nl (nl)", () => {
  let seeker: Member;

  beforeAll(async () => {
    seeker = await member("Zoeker", "male");
    await member("Femke", "female");
    await member("Noor", "female");
  });

  it("shows the results first on a phone, and a Filters button that counts the active filters", async () => {
    const page = await asMember(seeker, "/members?min_age=25");
    const firstCard = page.getByRole("link", { name: /Noor|Femke/ }).first();
    await firstCard.waitFor();
    // The first results are in view without scrolling; no filter field is.
    const cardTop = (await firstCard.boundingBox())?.y ?? Infinity;
    expect(cardTop).toBeLessThan(PHONE.height);
    expect(await sheet(page).count()).toBe(0);
    expect(await page.getByLabel(t("members:search.minAge")).isVisible()).toBe(false);
    await filtersButton(page, 1).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);
    await page.context().close();
  });

  it("opens the sheet as a modal dialog that Escape and its close button close, focus back on the button", async () => {
    const page = await asMember(seeker, "/members?min_age=25");
    await filtersButton(page, 1).click();
    await sheet(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.matches(":modal"))).toBe(true);
    expect(await page.getByLabel(t("members:search.minAge")).inputValue()).toBe("25");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await sheet(page).waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup"))).toBe("dialog");

    // The close button closes it too.
    await filtersButton(page, 1).click();
    await sheet(page).getByRole("button", { name: t("modal.close") }).click();
    await sheet(page).waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("applies the filters as the sheet's form is sent, and resets them", async () => {
    const page = await asMember(seeker, "/members?min_age=25");
    // Men up to 40: the looking-for and the age range, two filters.
    await filtersButton(page, 1).click();
    await sheet(page).getByText(t("members:search.men"), { exact: true }).click();
    await page.getByLabel(t("members:search.maxAge")).fill("40");
    await sheet(page).getByRole("button", { name: t("members:search.submit") }).click();
    await page.waitForURL(/gender=male.*max_age=40/);
    await sheet(page).waitFor({ state: "hidden" });
    await filtersButton(page, 2).waitFor();
    expect(await page.getByRole("link", { name: /Noor|Femke/ }).count()).toBe(0);

    // Reset brings back the defaults, and the button loses its count.
    await filtersButton(page, 2).click();
    await sheet(page).getByRole("link", { name: t("members:search.reset") }).click();
    await filtersButton(page, 0).waitFor();
    await sheet(page).waitFor({ state: "hidden" });
    await page.getByRole("link", { name: /Noor/ }).waitFor();
    await page.context().close();
  });

  it("shows the filters beside the results on a desktop", async () => {
    const page = await asMember(seeker, "/members", { viewport: DESKTOP });
    const panel = sheet(page);
    await panel.waitFor();
    expect(await filtersButton(page, 0).isVisible()).toBe(false);
    const [panelBox, cardBox] = [await panel.boundingBox(), await page.getByRole("link", { name: /Noor/ }).boundingBox()];
    expect(panelBox && cardBox && panelBox.x + panelBox.width <= cardBox.x).toBe(true);
    expect(panelBox && cardBox && panelBox.y < cardBox.y + cardBox.height).toBe(true);
    await expectAccessible(page);
    await page.context().close();
  });

  it("narrows the regions to the chosen country and finds no one in Belgian Limburg", async () => {
    const page = await asMember(seeker, "/members", { viewport: DESKTOP });
    const panel = sheet(page);
    await panel.getByLabel(t("members:search.country")).selectOption("BE");
    // A chosen country leaves only its own regions.
    expect(await panel.locator("optgroup").count()).toBe(0);
    expect(await panel.getByLabel(t("members:search.region")).locator("option").allTextContents()).toContain("Limburg");
    await panel.getByLabel(t("members:search.region")).selectOption("BE:VLI");
    await panel.getByRole("button", { name: t("members:search.submit") }).click();
    await page.waitForURL(/country=BE&countryregion=BE%3AVLI/);
    await page.getByText(t("members:search.none")).waitFor();
    await page.context().close();
  });

  it("opens the sheet and applies the filters without JavaScript", async () => {
    const page = await asMember(seeker, "/members", { javaScriptEnabled: false });
    await filtersButton(page, 0).click();
    await sheet(page).waitFor();
    await page.getByLabel(t("members:search.minAge")).fill("30");
    await sheet(page).getByRole("button", { name: t("members:search.submit") }).click();
    await page.waitForURL(/min_age=30/);
    await filtersButton(page, 1).waitFor();
    await page.context().close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("reaches the swipe game and the match finder in one tap on a %s", async (_, viewport) => {
    const page = await asMember(seeker, "/members", { viewport });
    await page.getByRole("link", { name: t("nav.discover"), exact: true }).click();
    await page.waitForURL(/\/swipe-game$/);
    await page.getByRole("heading", { level: 1, name: t("swipe:title") }).waitFor();

    await page.getByRole("link", { name: t("nav.search"), exact: true }).click();
    await page.getByRole("link", { name: t("members:search.bestMatches"), exact: true }).click();
    await page.waitForURL(/\/match-finder$/);
    await page.getByRole("heading", { level: 1, name: t("matchfinder:title") }).waitFor();
    await page.context().close();
  });
});
