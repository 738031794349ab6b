import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { avatarTarget } from "../../server/profiles/demo-avatars";
import { seedDemoMembers } from "../../server/profiles/demo-members";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { text } from "../support/catalog";
import { addProfile } from "../support/store-fixtures";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const suite = browserSuite();

beforeAll(async () => {
  await seedDemoMembers({ db: suite.server.store.db, sites: suite.server.sites.all(), count: 120, ...avatarTarget(suite.server.services.photos, suite.server.dataDir) });
});

type Someone = { accountId: number; profileId: number; name: string };

async function person(name: string, gender: "male" | "female"): Promise<Someone> {
  const member = await createMember(suite.server, { siteId: SITE, name });
  await suite.server.store.db.updateTable("profiles").set({ gender, sexuality: "hetero" }).where("id", "=", member.profileId).execute();
  return member;
}

async function signedIn(member: Someone, pathname: string, viewport = DESKTOP, initScript?: () => void): Promise<Page> {
  const origin = suite.server.origin(SITE);
  const context = await returningVisitor(suite.browser, origin, { viewport, country: "NL" });
  if (initScript) await context.addInitScript(initScript);
  const cookie = await sessionCookie(suite.server, { siteId: SITE, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  const page = await context.newPage();
  await page.goto(origin + pathname);
  return page;
}

const likesBadge = (page: Page) => page.locator('[data-badge="likes"]');
const card = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(`^${name}, `) }) });

describe("likes and matches between two members", () => {
  it("A likes B, B sees it live, likes back from the list and both have the match", async () => {
    const anna = await person("Anna", "female");
    const bram = await person("Bram", "male");
    const annaPage = await signedIn(anna, "/members");
    await expect.poll(() => likesBadge(annaPage).count()).toBe(0);

    const bramPage = await signedIn(bram, `/members/${anna.profileId}`);
    await bramPage.getByRole("button", { name: t("members:profile.like"), exact: true }).click();
    await bramPage.getByRole("button", { name: t("members:profile.unlike"), exact: true }).waitFor();

    // Anna's open page learns it on the first refresh (5 s), without a reload.
    await expect.poll(() => likesBadge(annaPage).textContent(), { timeout: 12_000 }).toBe("1");
    await expect.poll(() => annaPage.title()).toMatch(/^\(1\) /);

    await annaPage.getByRole("link", { name: new RegExp(t("common:nav.likes")) }).click();
    await annaPage.waitForURL(/\/likes$/);
    const fromBram = card(annaPage, "Bram");
    await expect.poll(() => fromBram.getByText(t("likes:card.new"), { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => annaPage.getByRole("link", { name: new RegExp(t("likes:tabs.received")) }).getAttribute("aria-current")).toBe("page");

    // Liking back from the card completes the match: Anna gets the match modal.
    await fromBram.getByRole("button", { name: t("likes:card.like", { name: "Bram" }) }).click();
    const modal = annaPage.getByRole("dialog", { name: t("likes:match.title") });
    await modal.waitFor();
    await expectAccessible(annaPage);
    await annaPage.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    const stored = await suite.server.store.db.selectFrom("likes").select(["liker_id", "source"]).where("liker_id", "=", anna.profileId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ liker_id: anna.profileId, source: "card" });

    await annaPage.getByRole("link", { name: new RegExp(t("likes:tabs.matches")) }).click();
    await annaPage.waitForURL(/\/likes\/matches$/);
    await card(annaPage, "Bram").waitFor();
    await bramPage.goto(suite.server.origin(SITE) + "/likes/matches");
    await card(bramPage, "Anna").waitFor();
    // Bram completed nothing: no modal for him.
    expect(await bramPage.getByRole("dialog").count()).toBe(0);

    // Opening Bram's profile from the list clears its like_new, and the badge with it.
    await annaPage.goto(suite.server.origin(SITE) + "/likes");
    expect(await likesBadge(annaPage).textContent()).toBe("1");
    await card(annaPage, "Bram").getByRole("link").click();
    await annaPage.waitForURL(new RegExp(`/likes/m/${bram.profileId}$`));
    await expect.poll(() => likesBadge(annaPage).count()).toBe(0);
    await expect.poll(() => annaPage.title()).not.toMatch(/^\(/);
    const seen = await suite.server.store.db.selectFrom("likes").select("seen_at").where("liker_id", "=", bram.profileId).executeTakeFirstOrThrow();
    expect(seen.seen_at).not.toBeNull();
    const api = await annaPage.evaluate(() => fetch("/api/likes.php").then((response) => response.json()));
    expect(api).toMatchObject({ profiles: [{ id: bram.profileId }], liked_by: [{ id: bram.profileId, like_new: false }] });
  });

  it("the profile screen's like opens the match modal for the member who completes it", async () => {
    const cato = await person("Cato", "female");
    const daan = await person("Daan", "male");
    const catoPage = await signedIn(cato, `/members/${daan.profileId}`);
    await catoPage.getByRole("button", { name: t("members:profile.like"), exact: true }).click();
    await catoPage.getByRole("button", { name: t("members:profile.unlike"), exact: true }).waitFor();
    expect(await catoPage.getByRole("dialog").count()).toBe(0);

    const daanPage = await signedIn(daan, `/members/${cato.profileId}`);
    await daanPage.getByRole("button", { name: t("members:profile.like"), exact: true }).click();
    const modal = daanPage.getByRole("dialog", { name: t("likes:match.title") });
    await modal.waitFor();
    await modal.getByRole("link", { name: t("likes:match.message", { name: "Cato" }) }).waitFor();
  });

  it("?t= opens the like modal after t seconds with an auto-like, and the likes follow", async () => {
    const eef = await person("Eef", "male");
    const page = await signedIn(eef, "/likes?t=1&utm=x");
    // The parameter leaves the address at once; others stay.
    await page.waitForURL((url) => !url.searchParams.has("t") && url.searchParams.get("utm") === "x");
    const modal = page.getByRole("dialog");
    await modal.waitFor({ timeout: 5_000 });
    const liker = await suite.server.store.db.selectFrom("likes").innerJoin("profiles", "profiles.id", "likes.liker_id").select(["profiles.id", "profiles.name", "profiles.account_id", "likes.source"]).where("likes.liked_id", "=", eef.profileId).executeTakeFirstOrThrow();
    expect(liker).toMatchObject({ account_id: null, source: "auto" });
    await modal.getByRole("heading", { name: t("likes:likeModal.title", { name: liker.name }) }).waitFor();
    // 500 ms later the list under the modal has reloaded with the new like.
    await card(page, liker.name).waitFor({ timeout: 5_000 });
    await expect.poll(() => likesBadge(page).textContent()).toBe("1");
    await modal.getByRole("link", { name: t("likes:likeModal.view") }).click();
    await page.waitForURL(new RegExp(`/likes/m/${liker.id}$`));
  });

  it("the navigation works by keyboard alone and fits a 360 px phone", async () => {
    const fenna = await person("Fenna", "female");
    const page = await signedIn(fenna, "/likes", PHONE);
    for (const key of ["common:nav.search", "common:nav.messages", "common:nav.likes", "common:nav.premium"]) {
      await page.getByRole("link", { name: new RegExp(`^${t(key)}`) }).waitFor();
    }
    await expectFitsPhone(page);
    await expectAccessible(page);

    // Tab to the search link and follow it with Enter; like the first card from the keyboard.
    const search = page.getByRole("link", { name: new RegExp(`^${t("common:nav.search")}`) });
    for (let presses = 0; presses < 30 && !(await search.evaluate((link) => link === document.activeElement)); presses += 1) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/members$/);
    await page.getByRole("heading", { name: t("members:search.title"), level: 1 }).waitFor();
    const firstName = ((await page.getByRole("main").getByRole("listitem").first().getByRole("link").textContent()) ?? "").split(",")[0]!;
    const heart = card(page, firstName).getByRole("button");
    await heart.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    await expectFitsPhone(page);
    await expectAccessible(page);
  });

  it("a paying member has credits with the badge rules instead of get-premium", async () => {
    const gert = await person("Gert", "male");
    await suite.server.store.db.updateTable("accounts").set({ paid_user: true, credits: 0 }).where("id", "=", gert.accountId).execute();
    const page = await signedIn(gert, "/members");
    const credits = page.getByRole("link", { name: new RegExp(`^${t("common:nav.credits")}`) });
    await credits.waitFor();
    expect(await page.getByRole("link", { name: new RegExp(`^${t("common:nav.premium")}`) }).count()).toBe(0);
    expect(await page.locator('[data-badge="credits"]').textContent()).toBe("0");
    await suite.server.store.db.updateTable("accounts").set({ credits: 25 }).where("id", "=", gert.accountId).execute();
    await page.reload();
    await credits.waitFor();
    expect(await page.locator('[data-badge="credits"]').count()).toBe(0);
  });

  it("in installed-app mode: the back button on the routes of §2, and the app badge", async () => {
    const ines = await person("Ines", "female");
    const jelle = await person("Jelle", "male");
    await suite.server.store.db.insertInto("likes").values({ liker_id: jelle.profileId, liked_id: ines.profileId }).execute();
    const page = await signedIn(ines, "/members", PHONE, () => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === "(display-mode: standalone)" ? ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList) : real(query);
      const shown = window as unknown as { appBadge: number };
      navigator.setAppBadge = async (count = 0) => void (shown.appBadge = count);
      navigator.clearAppBadge = async () => void (shown.appBadge = 0);
    });
    const back = page.getByRole("button", { name: t("common:nav.back") });
    await expect.poll(() => page.evaluate(() => (window as unknown as { appBadge?: number }).appBadge)).toBe(1);
    expect(await back.count()).toBe(0);

    await page.goto(suite.server.origin(SITE) + `/likes/m/${jelle.profileId}`);
    await back.waitFor();
    // Opening the profile cleared the like: the app badge follows.
    await expect.poll(() => page.evaluate(() => (window as unknown as { appBadge?: number }).appBadge)).toBe(0);
    await back.click();
    await page.waitForURL(/\/members$/);
    expect(await back.count()).toBe(0);
  });

  it("pages a long likes list, newest first", async () => {
    const karin = await person("Karin", "female");
    const site = suite.server.sites.all().find((candidate) => candidate.id === SITE)!;
    const demo: { id: number }[] = [];
    for (let index = 0; index < 50; index += 1) demo.push({ id: await addProfile(suite.server.store, site, { name: `Liker ${index}`, gender: "male" }) });
    const start = Date.UTC(2026, 10, 1);
    await suite.server.store.db
      .insertInto("likes")
      .values(demo.map(({ id }, index) => ({ liker_id: id, liked_id: karin.profileId, created_at: new Date(start + index * 60_000) })))
      .execute();
    const page = await signedIn(karin, "/likes/received");
    const cards = page.locator('main a[href^="/likes/m/"]');
    expect(await cards.count()).toBe(48);
    const newest = await cards.first().getAttribute("href");
    expect(newest).toBe(`/likes/m/${demo.at(-1)!.id}`);
    await page.getByRole("link", { name: t("likes:pager.older") }).click();
    await page.getByRole("link", { name: t("likes:pager.newest") }).waitFor();
    expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([`/likes/m/${demo[1]!.id}`, `/likes/m/${demo[0]!.id}`]);
    expect(await page.getByRole("link", { name: t("likes:pager.older") }).count()).toBe(0);
  });
});
