import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible } from "../support/page-checks";
import { text } from "../support/catalog";

/** A straight Dutch brand: its members look for the other gender. */
const BRAND = { id: "flirt-nl", language: "nl", country: "NL" };
const t = (key: string, values?: Record<string, string | number>) => text(BRAND.language, key, values);

const suite = browserSuite();

type Visit = { viewport?: typeof PHONE; javaScriptEnabled?: boolean; siteId?: string };

/** The match finder of a member signed in by a session made directly (signing in has its own tests). */
async function asMember(member: { accountId: number }, { viewport = DESKTOP, javaScriptEnabled = true, siteId = BRAND.id }: Visit = {}): Promise<Page> {
  const origin = suite.server.origin(siteId);
  const context = await returningVisitor(suite.browser, origin, { viewport, country: BRAND.country, javaScriptEnabled });
  const cookie = await sessionCookie(suite.server, { siteId, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  const page = await context.newPage();
  await page.goto(`${origin}/match-finder`);
  return page;
}

/** A member with the labels ranking reads. */
async function member(name: string, labels: { gender: "male" | "female"; interests: string[]; region?: string }) {
  const created = await createMember(suite.server, { siteId: BRAND.id, name });
  await suite.server.store.db
    .updateTable("profiles")
    .set({ gender: labels.gender, sexuality: "hetero", interests: labels.interests, region: labels.region ?? null })
    .where("id", "=", created.profileId)
    .execute();
  return created;
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("match finder on flirt-nl (nl)", () => {
  let seeker: Awaited<ReturnType<typeof member>>;
  let sharer: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    seeker = await member("Seeker", { gender: "male", interests: ["hiking", "wine", "travelling"], region: "NH" });
    sharer = await member("Sharer", { gender: "female", interests: ["travelling", "hiking", "wine", "gym"] });
    // Newer, so plain search would show her first; the match finder ranks by what is shared.
    await member("Stranger", { gender: "female", interests: ["gym"] });
    await member("OtherMan", { gender: "male", interests: ["hiking", "wine", "travelling"] });
  });

  it("shows the member who shares the most first, with the reason, and the keyboard reaches her profile", async () => {
    const page = await asMember(seeker);
    await page.getByRole("heading", { level: 1, name: t("matchfinder:title") }).waitFor();
    const cards = page.getByRole("region", { name: t("matchfinder:listLabel") }).getByRole("listitem");
    expect(await cards.count()).toBe(2);
    const first = cards.first();
    expect(await first.getByRole("link", { name: /Sharer/ }).getAttribute("href")).toBe(`/members/${sharer.profileId}`);
    const interests = ["travelling", "hiking", "wine"].map((tag) => t(`members:interest.${tag}`));
    const list = new Intl.ListFormat(BRAND.language, { type: "unit", style: "short" }).format(interests);
    await first.getByText(t("matchfinder:reason.interests_other", { count: 3, list }), { exact: false }).waitFor();
    // A man is not what a straight man's search looks for.
    expect(await page.getByRole("link", { name: /OtherMan/ }).count()).toBe(0);
    // No location yet: the page says where to add it.
    await page.getByText(t("matchfinder:hint.location")).waitFor();
    expect(await page.getByRole("link", { name: t("matchfinder:hint.link") }).getAttribute("href")).toBe("/profile");

    let reached = false;
    for (let press = 0; press < 60 && !reached; press += 1) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate((href) => document.activeElement?.getAttribute("href") === href, `/members/${sharer.profileId}`);
    }
    expect(reached).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/members/${sharer.profileId}`);
  });

  it("works without JavaScript", async () => {
    const page = await asMember(seeker, { javaScriptEnabled: false });
    await page.getByRole("link", { name: /Sharer/ }).waitFor();
    expect(await page.getByRole("region", { name: t("matchfinder:listLabel") }).getByRole("listitem").count()).toBe(2);
    await page.context().close();
  });

  it("is accessible and does not scroll sideways on a phone or a desktop", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await asMember(seeker, { viewport });
      await page.getByRole("link", { name: /Sharer/ }).waitFor();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.context().close();
    }
  });

  it("asks a member without interests or location to add them, and offers search when nothing fits", async () => {
    const newcomer = await createMember(suite.server, { siteId: "gay-uk", name: "Newcomer" });
    const page = await asMember(newcomer, { siteId: "gay-uk", viewport: PHONE });
    const en = (key: string) => text("en", key);
    await page.getByText(en("matchfinder:hint.both")).waitFor();
    await page.getByText(en("matchfinder:empty")).waitFor();
    expect(await page.getByRole("link", { name: en("matchfinder:emptyLink") }).getAttribute("href")).toBe("/members");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, PHONE.width);
  });

  it("sends a visitor to the login first", async () => {
    const context = await returningVisitor(suite.browser, suite.server.origin(BRAND.id));
    const page = await context.newPage();
    await page.goto(`${suite.server.origin(BRAND.id)}/match-finder`);
    await page.waitForURL(/\/login\?redirectTo=%2Fmatch-finder/);
  });
});
