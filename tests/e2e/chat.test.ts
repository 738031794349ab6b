import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createMember } from "../support/accounts";
import { DESKTOP, PHONE, hydrated } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);

const suite = browserSuite();

type Someone = Awaited<ReturnType<typeof createMember>>;

function person(name: string, confirmed = true): Promise<Someone> {
  return createMember(suite.server, { siteId: SITE, name, confirmed });
}

const origin = () => suite.server.origin(SITE);

function signedIn(member: Someone, pathname: string, { viewport = DESKTOP, javaScriptEnabled = true } = {}): Promise<Page> {
  return openPage(suite, { siteId: SITE, pathname, member, viewport, country: "NL", javaScriptEnabled });
}

/** The page runs and its live event stream is open, so what the other side does next reaches it. */
async function live(page: Page): Promise<Page> {
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.dataset.live === "open");
  return page;
}

/** A message sent the way the app's own script sends it, from a member's page. */
function apiSend(page: Page, target: { profile?: number; conversation?: number }, body: string) {
  return page.evaluate(
    async ({ target, body }) => {
      const response = await fetch("/api/chat.php", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...target, body, client_id: crypto.randomUUID() }),
      });
      return { status: response.status, body: (await response.json()) as { error?: string; message?: { conversation_id: number } } };
    },
    { target, body }
  );
}

const box = (page: Page) => page.getByRole("textbox", { name: t("chat:footer.label") });
const sendButton = (page: Page) => page.getByRole("button", { name: t("chat:footer.send"), exact: true });
const credits = (page: Page) => page.locator("[data-credits]").getAttribute("data-credits");
const alert = (page: Page) => page.locator("[data-problem]");

describe("chat between two members", () => {
  it("A opens the chat from B's profile, picks an icebreaker and sends; B sees it live, A sees it read and B typing", async () => {
    const anna = await person("Anna");
    const bram = await person("Bram");
    const bramMembers = await live(await signedIn(bram, "/members"));
    const bramChats = await bramMembers.context().newPage();
    await bramChats.goto(origin() + "/chats");
    await live(bramChats);
    await bramChats.getByRole("heading", { name: t("chat:list.empty.title") }).waitFor();

    const annaPage = await live(await signedIn(anna, `/members/${bram.profileId}/chat`));
    // A conversation opened from a profile is under Messages in the navigation, not Search.
    const nav = annaPage.getByRole("navigation", { name: t("nav.label") });
    expect(await nav.getByRole("link", { name: new RegExp(t("nav.messages")) }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: t("nav.search"), exact: true }).getAttribute("aria-current")).toBeNull();
    const icebreaker = annaPage.getByRole("dialog", { name: t("chat:icebreaker.title", { name: "Bram" }) });
    await icebreaker.waitFor();
    await icebreaker.getByText(t("chat:icebreaker.price_other", { count: 10, credits: 20 })).waitFor();
    await expectAccessible(annaPage);
    const line = t("chat:icebreaker.lines.weekend");
    await icebreaker.getByRole("button", { name: line }).click();
    await icebreaker.waitFor({ state: "hidden" });
    expect(await box(annaPage).inputValue()).toBe(line);
    expect(await credits(annaPage)).toBe("20");
    await sendButton(annaPage).click();
    await annaPage.waitForURL(/\/chats\/\d+$/);
    await annaPage.locator('form#chat-send[action^="/chats/"]').waitFor();
    const conversationId = Number(new URL(annaPage.url()).pathname.split("/").at(-1));
    await annaPage.locator('[data-side="mine"]').filter({ hasText: line }).waitFor();
    await expect.poll(() => credits(annaPage)).toBe("10");
    expect(await box(annaPage).inputValue()).toBe("");

    // Bram's open pages learn it at once: the list row, the nav badge and the title.
    const row = bramChats.locator(`[data-conversation="${conversationId}"]`);
    await row.getByText(line).waitFor({ timeout: 5_000 });
    expect(await row.locator("[data-unread]").getAttribute("data-unread")).toBe("1");
    await expect.poll(() => bramMembers.locator('[data-badge="messages"]').textContent(), { timeout: 5_000 }).toBe("1");
    await expect.poll(() => bramMembers.title()).toMatch(/^\(1\) /);
    await expect.poll(() => bramChats.title()).toMatch(/^\(1\) /);

    // Bram opens it: Anna sees "read" under her message without reloading.
    await row.getByRole("link").click();
    await bramChats.waitForURL(new RegExp(`/chats/${conversationId}$`));
    await bramChats.locator('[data-side="theirs"]').filter({ hasText: line }).waitFor();
    await annaPage.getByText(t("chat:screen.read"), { exact: true }).waitFor({ timeout: 5_000 });
    await expect.poll(() => bramMembers.locator('[data-badge="messages"]').count(), { timeout: 5_000 }).toBe(0);
    await expect.poll(() => bramChats.title()).not.toMatch(/^\(/);

    // Anna types: Bram sees it; his reply reaches her live.
    await live(bramChats);
    await box(annaPage).pressSequentially("Leuk", { delay: 30 });
    await bramChats.getByText(t("chat:screen.typing", { name: "Anna" })).waitFor({ timeout: 5_000 });
    await box(bramChats).fill("Hoi Anna!");
    await box(bramChats).press("Enter");
    await annaPage.locator('[data-side="theirs"]').filter({ hasText: "Hoi Anna!" }).waitFor({ timeout: 5_000 });
    expect(await box(annaPage).inputValue()).toBe("Leuk");
    await bramChats.context().close();
    await annaPage.context().close();
  });

  it("without enough credits the send is refused in Dutch with a link to buy credits, and the text stays", async () => {
    const carla = await person("Carla");
    const dirk = await person("Dirk");
    await suite.server.store.db.updateTable("accounts").set({ credits: 5 }).where("id", "=", carla.accountId).execute();
    const page = await signedIn(carla, `/members/${dirk.profileId}/chat`);
    await hydrated(page);
    const icebreaker = page.getByRole("dialog");
    await icebreaker.getByRole("button", { name: t("chat:icebreaker.noThanks") }).click();
    await icebreaker.waitFor({ state: "hidden" });
    // Keyboard only: the box has the focus after the icebreaker, and Enter sends.
    await expect.poll(() => box(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type("Hallo Dirk, hoe gaat het?");
    await page.keyboard.press("Enter");
    await alert(page).getByText("Je hebt onvoldoende credits").waitFor();
    expect(
      await alert(page)
        .getByRole("link", { name: t("chat:screen.buyCredits") })
        .getAttribute("href")
    ).toBe("/credits");
    expect(await box(page).inputValue()).toBe("Hallo Dirk, hoe gaat het?");
    expect(await credits(page)).toBe("5");
    expect(await suite.server.store.db.selectFrom("messages").select("id").where("sender_id", "=", carla.profileId).execute()).toEqual([]);
    await page.context().close();
  });

  it("a free member's third conversation is refused with the reason and a link to premium", async () => {
    const eva = await person("Eva");
    const [one, two, three] = await Promise.all([person("Femke"), person("Gijs"), person("Hans")]);
    const page = await signedIn(eva, `/members/${three!.profileId}/chat`);
    expect((await apiSend(page, { profile: one!.profileId }, "Hoi")).status).toBe(200);
    expect((await apiSend(page, { profile: two!.profileId }, "Hoi")).status).toBe(200);
    await hydrated(page);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: t("chat:icebreaker.noThanks") })
      .click();
    await box(page).fill("Hoi Hans");
    await sendButton(page).click();
    await alert(page)
      .getByText(t("chat:errors.free_conversations", { count: 2 }))
      .waitFor();
    expect(
      await alert(page)
        .getByRole("link", { name: t("chat:screen.getPremium") })
        .getAttribute("href")
    ).toBe("/premium");
    expect(await box(page).inputValue()).toBe("Hoi Hans");
    // Photos are premium-only: a free member gets the same alert instead of a file picker.
    await page.getByRole("button", { name: t("chat:footer.photo") }).click();
    await alert(page).getByText(t("chat:errors.premium_only")).waitFor();
    await page.context().close();
  });

  it("an unactivated member's message is refused and never reaches the other side", async () => {
    const ivo = await person("Ivo", false);
    const jet = await person("Jet");
    const page = await signedIn(ivo, `/members/${jet.profileId}/chat`);
    await hydrated(page);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: t("chat:icebreaker.noThanks") })
      .click();
    await box(page).fill("Hallo Jet");
    await sendButton(page).click();
    await alert(page).getByText(t("chat:errors.confirm_email")).waitFor();
    await alert(page)
      .getByRole("button", { name: t("banners:activation.resend") })
      .waitFor();
    expect(await box(page).inputValue()).toBe("Hallo Jet");

    const jetPage = await signedIn(jet, "/chats");
    await jetPage.getByRole("heading", { name: t("chat:list.empty.title") }).waitFor();
    expect(await jetPage.evaluate(() => fetch("/api/chats.php").then((response) => response.json()))).toEqual({ chats: [] });
    await page.context().close();
    await jetPage.context().close();
  });

  it("removing a conversation takes it away at once and for good; a failed removal says so and reloads", async () => {
    const kees = await person("Kees");
    const [lotte, mila] = await Promise.all([person("Lotte"), person("Mila")]);
    const page = await signedIn(kees, "/chats");
    const first = (await apiSend(page, { profile: lotte.profileId }, "Hoi Lotte")).body.message!.conversation_id;
    const second = (await apiSend(page, { profile: mila.profileId }, "Hoi Mila")).body.message!.conversation_id;
    await page.reload();
    await hydrated(page);
    const row = (id: number) => page.locator(`[data-conversation="${id}"]`);
    await row(first).waitFor();

    await row(first)
      .getByRole("button", { name: t("chat:list.remove", { name: "Lotte" }) })
      .click();
    await row(first).waitFor({ state: "detached", timeout: 1_000 });
    await expect
      .poll(() =>
        suite.server.store.db
          .selectFrom("conversation_members")
          .select("hidden")
          .where("conversation_id", "=", first)
          .where("profile_id", "=", kees.profileId)
          .executeTakeFirst()
      )
      .toEqual({ hidden: true });
    await page.reload();
    await row(second).waitFor();
    expect(await row(first).count()).toBe(0);

    await hydrated(page);
    await page.route("**/api/chat.php?conversation=*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"failed"}' }));
    await row(second)
      .getByRole("button", { name: t("chat:list.remove", { name: "Mila" }) })
      .click();
    await page.getByRole("alert").getByText(t("chat:errors.remove_failed")).waitFor();
    await row(second).waitFor();
    await page.context().close();
  });

  it("fits a 360 px phone, with the keyboard open too, and passes axe on the list and the chat", async () => {
    const nina = await person("Nina");
    const otto = await person("Otto");
    const page = await signedIn(nina, "/chats", { viewport: { width: 360, height: 640 } });
    const conversation = (
      await apiSend(page, { profile: otto.profileId }, "Hoi Otto, een lang bericht om te zien of alles netjes past op een kleine telefoon.")
    ).body.message!.conversation_id;
    await page.reload();
    await page.locator(`[data-conversation="${conversation}"]`).waitFor();
    await expectFitsPhone(page);
    await expectAccessible(page);

    await page.goto(`${origin()}/chats/${conversation}`);
    await hydrated(page);
    await page.locator('[data-side="mine"]').first().waitFor();
    await expectFitsPhone(page);
    await expectAccessible(page);

    // An on-screen keyboard leaves about 360 px: the box and the send button stay in view.
    await page.setViewportSize({ width: PHONE.width, height: 360 });
    await box(page).fill("Nog een bericht");
    for (const control of [box(page), sendButton(page)]) {
      const bounds = await control.boundingBox();
      expect(bounds!.y).toBeGreaterThanOrEqual(0);
      expect(bounds!.y + bounds!.height).toBeLessThanOrEqual(360);
      expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(360);
    }
    await sendButton(page).click();
    await page.locator('[data-side="mine"]').filter({ hasText: "Nog een bericht" }).waitFor();
    await expectFitsPhone(page);
    await page.context().close();
  });

  it("a premium member sends a gift from the profile link and a photo, each stored and charged", async () => {
    const sara = await person("Sara");
    const tom = await person("Tom");
    await suite.server.store.db.updateTable("accounts").set({ credits: 100, paid_user: true }).where("id", "=", sara.accountId).execute();
    const page = await signedIn(sara, `/members/${tom.profileId}/chat?gift=1`);
    await hydrated(page);
    // From the profile's gift link the picker is open, and no icebreaker covers it.
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("button", { name: t("chat:footer.gift_other", { gift: t("chat:gifts.rose"), count: 25 }) }).click();
    await page.waitForURL(/\/chats\/\d+$/);
    // The address changes before React renders the conversation's route (a transition): a file set on
    // the profile chat's input meanwhile would go to a screen about to be replaced.
    await page.locator('form#chat-send[action^="/chats/"]').waitFor();
    await page
      .locator('[data-side="mine"]')
      .filter({ hasText: t("chat:gifts.rose") })
      .waitFor();
    await expect.poll(() => credits(page)).toBe("75");

    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    const image = page.locator('[data-side="mine"] img');
    await expect.poll(() => image.getAttribute("src")).toMatch(/^\/media\//);
    await expect.poll(() => credits(page)).toBe("60");
    await page.context().close();
  });

  it("works without JavaScript: a plain form post sends and the redirect shows the message", async () => {
    const piet = await person("Piet");
    const rosa = await person("Rosa");
    const page = await signedIn(piet, `/members/${rosa.profileId}/chat`, { javaScriptEnabled: false });
    expect(await page.getByRole("dialog").count()).toBe(0);
    await box(page).fill("Hallo Rosa, zonder JavaScript");
    await sendButton(page).click();
    await page.waitForURL(/\/chats\/\d+$/);
    await page.locator('[data-side="mine"]').filter({ hasText: "Hallo Rosa, zonder JavaScript" }).waitFor();
    expect(await credits(page)).toBe("10");
    // Too long is refused with the reason and the text comes back.
    const long = "x".repeat(1001);
    await box(page).fill(long);
    await sendButton(page).click();
    await page.getByText(t("chat:errors.too_long", { max: 1000 })).waitFor();
    expect(await box(page).inputValue()).toBe(long);
    await page.context().close();
  });
});
