import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { likeProfile } from "../../server/likes/likes";
import { memberDay } from "../../server/likes/swipe";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, hydrated, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible } from "../support/page-checks";
import { text } from "../support/catalog";
import { requestAs } from "../support/test-server";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const suite = browserSuite();

/** A straight man of the brand: the game deals him women. */
async function swiper(name: string) {
  const member = await createMember(suite.server, { siteId: SITE, name });
  await suite.server.store.db.updateTable("profiles").set({ gender: "male", sexuality: "hetero", status: "active" }).where("id", "=", member.profileId).execute();
  return member;
}

/** Women of the brand's pool, newest last, so the last one made is dealt first. */
async function women(names: string[]): Promise<number[]> {
  const site = suite.server.sites.byId(SITE)!;
  const ids: number[] = [];
  for (const name of names) {
    const row = await suite.server.store.db
      .insertInto("profiles")
      .values({ site_id: site.id, pool: site.pool, name, country: "NL", date_of_birth: "1992-05-05", status: "active", gender: "female", sexuality: "hetero" })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function play(member: { accountId: number }, { viewport = DESKTOP, javaScriptEnabled = true } = {}): Promise<Page> {
  const origin = suite.server.origin(SITE);
  const context = await returningVisitor(suite.browser, origin, { viewport, country: "NL", javaScriptEnabled });
  const cookie = await sessionCookie(suite.server, { siteId: SITE, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  const page = await context.newPage();
  await page.goto(`${origin}/swipe-game`);
  return page;
}

const upsell = (page: Page) => page.getByRole("region", { name: t("swipe:upsell.title") });
const cardName = async (page: Page) => ((await page.locator("article h2").textContent()) ?? "").split(",")[0]!.trim();
const status = (page: Page) => page.getByRole("main").getByRole("status");

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function dragCard(page: Page, distance: number) {
  const box = (await page.locator("article").boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distance, y + 10, { steps: 12 });
  await page.mouse.up();
}

describe("swipe game", () => {
  it("passes by ArrowLeft, likes four times by click, key and drag, then shows the wait message on the fifth", async () => {
    await women(["Ada", "Bea", "Cleo", "Dina", "Eva", "Fay", "Gina"]);
    const member = await swiper("Swiper");
    const page = await play(member, { viewport: PHONE });
    await page.getByText(t("swipe:likesLeft_other", { count: 4 })).waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, PHONE.width);

    const passed = await cardName(page);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => status(page).textContent()).toBe(t("swipe:announce.passed", { name: passed }));
    expect(await cardName(page)).not.toBe(passed);

    const likeBy = [
      (p: Page, name: string) => p.getByRole("button", { name: t("swipe:likeName", { name }) }).click(),
      (p: Page) => p.keyboard.press("ArrowRight"),
      (p: Page) => dragCard(p, 220),
      (p: Page, name: string) => p.getByRole("button", { name: t("swipe:likeName", { name }) }).click(),
    ];
    const liked: string[] = [];
    for (const [index, like] of likeBy.entries()) {
      const name = await cardName(page);
      await like(page, name);
      await expect.poll(() => status(page).textContent()).toBe(t("swipe:announce.liked", { name }));
      // After the last free like the stack gives way to the upsell card (below): no next card.
      if (index < likeBy.length - 1) expect(await cardName(page)).not.toBe(name);
      liked.push(name);
    }
    await page.getByText(t("swipe:likesLeft_other", { count: 0 })).waitFor();

    // The fourth like used the day's free likes: the stack gives way to the upsell card, the
    // buttons rest, and a fifth swipe by key does nothing.
    await upsell(page).waitFor();
    expect(await page.locator("article").count()).toBe(0);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByRole("button", { name: t("swipe:like"), exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, PHONE.width);

    const stored = await suite.server.store.db
      .selectFrom("likes")
      .innerJoin("profiles", "profiles.id", "likes.liked_id")
      .select("profiles.name")
      .where("liker_id", "=", member.profileId)
      .execute();
    expect(stored.map((row) => row.name).sort()).toEqual(liked.sort());
    const passes = await suite.server.store.db.selectFrom("swipe_passes").select("passed_id").where("profile_id", "=", member.profileId).execute();
    expect(passes).toHaveLength(1);
  }, 180_000);

  it("states the limit before the first swipe, and after the fourth like counts down to the day's reset on the upsell card", async () => {
    await women(["Ilse", "Joke", "Kim", "Lot", "Mia"]);
    const member = await swiper("Counter");
    const page = await play(member);
    await hydrated(page);
    // Before any swipe: what a day gives, and what is left of it.
    await page.getByText(t("swipe:limit.daily_other", { count: 4 })).waitFor();
    await page.getByText(t("swipe:likesLeft_other", { count: 4 })).waitFor();
    expect(await upsell(page).count()).toBe(0);
    await expectAccessible(page);

    for (let like = 0; like < 4; like += 1) {
      const name = await cardName(page);
      await page.getByRole("button", { name: t("swipe:likeName", { name }) }).click();
      await expect.poll(() => status(page).textContent()).toBe(t("swipe:announce.liked", { name }));
    }
    await upsell(page).waitFor();
    await upsell(page).getByText(t("swipe:limit.used_other", { count: 4 })).waitFor();
    expect(await upsell(page).getByRole("link", { name: t("swipe:limit.premium") }).getAttribute("href")).toBe("/premium");
    for (const name of [t("swipe:like"), t("swipe:pass")]) expect(await page.getByRole("button", { name, exact: true }).isDisabled()).toBe(true);

    // The countdown runs to the end of the member's day as the server counts it (Amsterdam's midnight).
    const site = suite.server.sites.byId(SITE)!;
    const swiperOf = { profileId: member.profileId, country: "NL", paidUser: false, gender: "male" as const, sexuality: "hetero" as const };
    const expected = (memberDay(site, swiperOf, new Date()).end.getTime() - Date.now()) / 1000;
    const shown = async () => {
      const [hours, minutes, seconds] = ((await upsell(page).getByRole("timer").textContent()) ?? "").split(":").map(Number);
      return hours! * 3600 + minutes! * 60 + seconds!;
    };
    expect(Math.abs((await shown()) - expected)).toBeLessThan(30);
    const first = await shown();
    await expect.poll(shown, { timeout: 5_000 }).toBeLessThan(first);
    const at = new Intl.DateTimeFormat("nl", { hour: "2-digit", minute: "2-digit" }).format(memberDay(site, swiperOf, new Date()).end);
    await upsell(page).getByText(t("swipe:upsell.at", { time: at })).waitFor();
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, PHONE.width);
    await expectAccessible(page);
    await page.context().close();
  }, 180_000);

  it("opens the match modal when the other already liked the member", async () => {
    const member = await swiper("Matcher");
    const [admirer] = await women(["Zoë"]);
    await likeProfile(suite.server.store.db, { pool: suite.server.sites.byId(SITE)!.pool, likerId: admirer!, likedId: member.profileId });
    const page = await play(member);
    expect(await cardName(page)).toBe("Zoë");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, DESKTOP.width);
    await page.getByRole("button", { name: t("swipe:likeName", { name: "Zoë" }) }).click();
    const modal = page.getByRole("dialog");
    await modal.waitFor();
    expect(await modal.textContent()).toContain("Zoë");
    await expect.poll(() => status(page).textContent()).toBe(t("swipe:announce.match", { name: "Zoë" }));
    await expectAccessible(page);
    // Arrow keys inside the open modal do not swipe on behind it.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    expect(await suite.server.store.db.selectFrom("likes").select("liked_id").where("liker_id", "=", member.profileId).execute()).toHaveLength(1);
  });

  it("works without JavaScript, and answers bad input with a clear message", async () => {
    await women(["Hanna"]);
    const member = await swiper("Plain");
    const page = await play(member, { javaScriptEnabled: false });
    const name = await cardName(page);
    await page.getByRole("button", { name: t("swipe:likeName", { name }) }).click();
    await page.getByText(t("swipe:announce.liked", { name })).waitFor();
    await page.getByText(t("swipe:likesLeft_other", { count: 3 })).waitFor();

    const cookie = await sessionCookie(suite.server, { siteId: SITE, accountId: member.accountId });
    const headers = { cookie: cookie.header, "content-type": "application/x-www-form-urlencoded", "accept-language": "nl" };
    const host = `${SITE}.localhost:${suite.server.port}`;
    for (const body of ["profileId=12", "intent=like&profileId=nope", "intent=dance&profileId=12"]) {
      const answer = await requestAs(suite.server.port, host, "/swipe-game", headers, { method: "POST", body });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain(t("swipe:announce.invalid"));
    }
    const unknown = await requestAs(suite.server.port, host, "/swipe-game", headers, { method: "POST", body: "intent=like&profileId=999999999" });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toContain(t("swipe:announce.unavailable"));
  });

  it("shows a friendly empty state with a way to search", async () => {
    const member = await swiper("Done");
    const pool = suite.server.sites.byId(SITE)!.pool;
    const everyone = await suite.server.store.db.selectFrom("profiles").select("id").where("pool", "=", pool).where("gender", "=", "female").execute();
    if (everyone.length)
      await suite.server.store.db
        .insertInto("swipe_passes")
        .values(everyone.map((row) => ({ profile_id: member.profileId, passed_id: row.id })))
        .execute();
    const page = await play(member, { viewport: PHONE });
    await page.getByText(t("swipe:empty.title")).waitFor();
    expect(await page.getByRole("link", { name: t("swipe:empty.link") }).getAttribute("href")).toBe("/members");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, PHONE.width);
  });
});
