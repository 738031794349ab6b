import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember } from "../support/accounts";
import { DESKTOP, PHONE, hydrated } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const suite = browserSuite();
/** Several pages, live events and axe runs per test: room for a busy machine. */
const BROWSER_STEPS = 180_000;

type Someone = Awaited<ReturnType<typeof createMember>>;
const person = (name: string) => createMember(suite.server, { siteId: SITE, name });

function signedIn(member: Someone, pathname: string, viewport = DESKTOP): Promise<Page> {
  return openPage(suite, { siteId: SITE, pathname, member, viewport, country: "NL" });
}

/** The page runs and its live event stream is open. */
async function live(page: Page): Promise<Page> {
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.dataset.live === "open");
  return page;
}

/** A message sent the way the app's own script sends it, from a member's page. */
async function apiSend(page: Page, target: { profile?: number; conversation?: number }, content: { body?: string; kind?: string; gift?: string }) {
  const answer = await page.evaluate(
    async ({ target, content }) => {
      const response = await fetch("/api/chat.php", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...target, body: "", ...content, client_id: crypto.randomUUID() }),
      });
      return (await response.json()) as { message?: { conversation_id: number } };
    },
    { target, content }
  );
  if (!answer.message) throw new Error(`not sent: ${JSON.stringify(answer)}`);
  return answer.message.conversation_id;
}

const row = (page: Page, id: number) => page.locator(`[data-conversation="${id}"]`);
const conversationTitle = (page: Page) => page.getByRole("heading", { level: 1 });
const box = (page: Page) => page.getByRole("textbox", { name: t("chat:footer.label") });

/** Two members who each wrote to `me` first, so `me` has two conversations with unread messages. */
async function inboxOfTwo() {
  const [me, anna, bram] = await Promise.all([person("Mees"), person("Anna"), person("Bram")]);
  const annaPage = await signedIn(anna, "/chats");
  const bramPage = await signedIn(bram, "/chats");
  const withAnna = await apiSend(annaPage, { profile: me.profileId }, { body: "Hoi Mees, hier Anna" });
  const withBram = await apiSend(bramPage, { profile: me.profileId }, { body: "Hallo van Bram" });
  return { me, annaPage, bramPage, withAnna, withBram };
}

describe("the inbox", () => {
  it("shows the list and the conversation side by side at 1280 px, swaps the right pane and takes live messages in both", async () => {
    const { me, annaPage, bramPage, withAnna, withBram } = await inboxOfTwo();
    const page = await live(await signedIn(me, "/chats"));
    // No conversation is opened (and so marked read) by itself: the pane beside the list invites a choice.
    await page.getByRole("heading", { name: t("chat:list.pick.title") }).waitFor();
    expect(await row(page, withAnna).locator("[data-unread]").getAttribute("data-unread")).toBe("1");
    await expectAccessible(page);

    await row(page, withAnna).getByRole("link").click();
    await page.waitForURL(new RegExp(`/chats/${withAnna}$`));
    await expect.poll(() => conversationTitle(page).textContent()).toBe(t("chat:screen.label", { name: "Anna" }));
    await page.locator('[data-side="theirs"]').filter({ hasText: "Hoi Mees, hier Anna" }).waitFor();
    // Side by side: the list on the left, the conversation on the right, both in view.
    const list = (await page.locator("#inbox-title").boundingBox())!;
    const conversation = (await box(page).boundingBox())!;
    expect(list.x + list.width).toBeLessThan(conversation.x);
    expect(conversation.y + conversation.height).toBeLessThanOrEqual(DESKTOP.height);
    expect(await row(page, withAnna).getByRole("link").getAttribute("aria-current")).toBe("page");
    await expect.poll(() => row(page, withAnna).locator("[data-unread]").count()).toBe(0);
    await page.getByRole("banner").waitFor();
    await expectAccessible(page);

    // Another conversation replaces the right pane; the list stays where it is.
    await row(page, withBram).getByRole("link").click();
    await page.waitForURL(new RegExp(`/chats/${withBram}$`));
    await expect.poll(() => conversationTitle(page).textContent()).toBe(t("chat:screen.label", { name: "Bram" }));
    await page.locator('[data-side="theirs"]').filter({ hasText: "Hallo van Bram" }).waitFor();
    expect(await page.locator("[data-side]").filter({ hasText: "Hoi Mees, hier Anna" }).count()).toBe(0);
    expect(await row(page, withAnna).isVisible()).toBe(true);

    // Live: Bram's next message appears in the open pane (and stays read); Anna's bumps her row's badge.
    await live(page);
    await apiSend(bramPage, { conversation: withBram }, { body: "Ben je er nog?" });
    await page.locator('[data-side="theirs"]').filter({ hasText: "Ben je er nog?" }).waitFor({ timeout: 5_000 });
    await row(page, withBram).getByText("Ben je er nog?").waitFor({ timeout: 5_000 });
    expect(await row(page, withBram).locator("[data-unread]").count()).toBe(0);
    await apiSend(annaPage, { conversation: withAnna }, { body: "Nog een vraag" });
    await row(page, withAnna).getByText("Nog een vraag").waitFor({ timeout: 5_000 });
    await expect.poll(() => row(page, withAnna).locator("[data-unread]").getAttribute("data-unread")).toBe("1");
    expect(await row(page, withAnna).evaluate((element) => element.parentElement?.firstElementChild === element)).toBe(true);
    for (const open of [page, annaPage, bramPage]) await open.context().close();
  }, BROWSER_STEPS);

  it("shows one pane at a time on a 360 px phone: the list with the header and the tab bar, the conversation without them", async () => {
    const { me, annaPage, bramPage, withAnna } = await inboxOfTwo();
    const page = await signedIn(me, "/chats", PHONE);
    await hydrated(page);
    const banner = page.getByRole("banner");
    const messagesTab = page.getByRole("navigation").getByRole("link", { name: new RegExp(`^${t("nav.messages")}`) });
    await row(page, withAnna).waitFor();
    expect(await banner.isVisible()).toBe(true);
    await messagesTab.waitFor();
    expect(await page.getByRole("heading", { name: t("chat:list.pick.title") }).isVisible()).toBe(false);
    await expectFitsPhone(page);
    await expectAccessible(page);

    await row(page, withAnna).getByRole("link").click();
    await page.waitForURL(new RegExp(`/chats/${withAnna}$`));
    await page.locator('[data-side="theirs"]').first().waitFor();
    await banner.waitFor({ state: "hidden" });
    expect(await messagesTab.isVisible()).toBe(false);
    expect(await page.locator("#inbox-title").isVisible()).toBe(false);
    await page.getByRole("link", { name: t("chat:screen.back") }).waitFor();
    await expectFitsPhone(page);
    await expectAccessible(page);

    await page.getByRole("link", { name: t("chat:screen.back") }).click();
    await page.waitForURL(/\/chats$/);
    await banner.waitFor();
    for (const open of [page, annaPage, bramPage]) await open.context().close();
  }, BROWSER_STEPS);

  it("says the balance in words with a buy action, grows the message box to five lines, and draws gifts", async () => {
    const [sara, tom] = await Promise.all([person("Sara"), person("Tom")]);
    await suite.server.store.db.updateTable("accounts").set({ credits: 100, paid_user: true }).where("id", "=", sara.accountId).execute();
    const tomPage = await signedIn(tom, "/chats");
    const conversation = await apiSend(tomPage, { profile: sara.profileId }, { body: "Hoi Sara" });
    const page = await signedIn(sara, `/chats/${conversation}`);
    await hydrated(page);

    const chip = page.getByRole("link", { name: new RegExp(`^${t("chat:screen.credits_other", { count: 100 })}`) });
    expect(await chip.textContent()).toContain(t("chat:screen.credits_other", { count: 100 }));
    expect(await chip.getAttribute("href")).toBe("/credits");
    expect((await chip.evaluate((element) => element.textContent)) ?? "").toContain(t("chat:screen.buyCredits"));

    const height = () => box(page).evaluate((element) => element.getBoundingClientRect().height);
    const oneLine = await height();
    await box(page).fill("een\ntwee\ndrie");
    await expect.poll(height).toBeGreaterThan(oneLine * 1.6);
    const threeLines = await height();
    await box(page).fill(Array.from({ length: 12 }, (_, line) => `regel ${line + 1}`).join("\n"));
    await expect.poll(height).toBeGreaterThan(threeLines);
    const lineHeight = await box(page).evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(await height()).toBeLessThan(lineHeight * 6.5);
    expect(await box(page).evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await box(page).fill("");
    await expect.poll(height).toBe(oneLine);

    await page.locator("footer summary").click();
    await page.getByRole("button", { name: t("chat:footer.gift_other", { gift: t("chat:gifts.champagne"), count: 25 }) }).click();
    const gift = page.locator('[data-side="mine"]').filter({ hasText: t("chat:gifts.champagne") });
    await gift.waitFor();
    expect(await gift.locator('svg[data-gift-art="champagne"]').isVisible()).toBe(true);
    expect(await gift.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    // The list's preview draws it too.
    await row(page, conversation).locator('svg[data-gift-art="champagne"]').waitFor();
    expect(await row(page, conversation).textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    await expectAccessible(page);
    await tomPage.context().close();
    await page.context().close();
  }, BROWSER_STEPS);
});
