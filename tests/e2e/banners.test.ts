import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { activateAccount } from "../../server/accounts/activation";
import { createLink } from "../../server/accounts/links";
import { dismissedBanners } from "../../server/banners/dismissals";
import { pushSubscriptionsOf } from "../../server/push/subscriptions";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { text } from "../support/catalog";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", `banners:${key}`, values);

const suite = browserSuite();

const PUSH_ENDPOINT = "https://push.example.com/send/e2e-browser";

/**
 * A browser where push is possible and the member says yes: headless Chromium has no push
 * service, so the service worker registration and the subscription are stand-ins with an https endpoint.
 */
function pushCapableBrowser(endpoint: string) {
  let permission: NotificationPermission = "default";
  let current: unknown = null;
  const subscription = {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" } }),
  };
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (options: { applicationServerKey: Uint8Array }) => {
      (window as unknown as { subscribedWithKeyBytes: number }).subscribedWithKeyBytes = options.applicationServerKey.length;
      current = subscription;
      return subscription;
    },
  };
  const registration = { scope: "/", pushManager };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { register: async () => registration, ready: Promise.resolve(registration), getRegistration: async () => (current ? registration : undefined) },
  });
  Object.assign(window, {
    PushManager: function PushManager() {},
    Notification: class {
      static get permission() {
        return permission;
      }
      static async requestPermission() {
        permission = "granted";
        return permission;
      }
    },
  });
}

type Visit = { viewport?: typeof PHONE; javaScriptEnabled?: boolean; push?: string };

/** A suite.browser of a member signed in by a session made directly (signing in has its own tests). */
async function memberContext(member: { accountId: number }, options: Visit = {}): Promise<BrowserContext> {
  const origin = suite.server.origin(SITE);
  const context = await returningVisitor(suite.browser, origin, { viewport: options.viewport ?? DESKTOP, country: "NL", javaScriptEnabled: options.javaScriptEnabled });
  const cookie = await sessionCookie(suite.server, { siteId: SITE, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  if (options.push) await context.addInitScript(pushCapableBrowser, options.push);
  return context;
}

async function visit(member: { accountId: number }, pathname: string, options: Visit = {}): Promise<Page> {
  const page = await (await memberContext(member, options)).newPage();
  await page.goto(suite.server.origin(SITE) + pathname);
  return page;
}

const banner = (page: Page, name: string) => page.locator(`[data-banner="${name}"]`);

/** Goes to another screen the way a member does, by the navigation (the push offer waits for a second page). */
/** The page runs: the banners' forms carry `reply` once hydrated (before that they post as plain forms). */
const hydrated = (page: Page) => page.locator('[data-banner] input[name="reply"]').first().waitFor({ state: "attached" });

async function navigateTo(page: Page, label: "search" | "likes") {
  await hydrated(page);
  await page.getByRole("link", { name: text("nl", `nav.${label}`), exact: true }).first().click();
  await page.waitForURL(label === "search" ? /\/members$/ : /\/likes$/);
}

async function activate(accountId: number) {
  const db = suite.server.store.db;
  const token = await db.transaction().execute((tx) => createLink(tx, { accountId, purpose: "activation", validForMs: 60_000 }));
  await activateAccount(db, { siteId: SITE, token, signupCredits: 0 });
}

describe("warning banners (§4)", () => {
  it("reminds an unconfirmed member to activate, sends the link again, leaves settings alone, and goes once activated", async () => {
    const member = await createMember(suite.server, { siteId: SITE, confirmed: false });
    const page = await visit(member, "/members");
    const reminder = banner(page, "activation");
    await reminder.getByText(t("activation.title")).waitFor();
    await expect(reminder.getByText(member.email, { exact: false }).count()).resolves.toBe(1);
    // Activation is not something to put off: there is nothing to dismiss.
    expect(await reminder.getByRole("button", { name: t("dismiss", { title: t("activation.title") }) }).count()).toBe(0);

    await hydrated(page);
    await reminder.getByRole("button", { name: t("activation.resend") }).click();
    await reminder.getByText(new RegExp(`${text("nl", "account:activation.resent", { email: member.email })}|${text("nl", "account:activation.queued")}`)).waitFor();

    await page.goto(`${suite.server.origin(SITE)}/settings`);
    await page.locator("h1").waitFor();
    expect(await banner(page, "activation").count()).toBe(0);

    // Activated elsewhere (the link in another tab): the next status refresh takes the reminder away.
    await page.goto(`${suite.server.origin(SITE)}/members`);
    await banner(page, "activation").waitFor();
    await activate(member.accountId);
    await banner(page, "activation").waitFor({ state: "detached", timeout: 15_000 });
  });

  it("opens the reminder as a dialog on a phone after signup: focus inside, Escape closes it to the banner row", async () => {
    const member = await createMember(suite.server, { siteId: SITE, confirmed: false });
    const page = await visit(member, "/members?api_signup_complete=1", { viewport: PHONE });
    const dialog = page.getByRole("dialog", { name: t("activation.dialogTitle") });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // Tab stays inside the modal dialog.
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await banner(page, "activation").getByText(t("activation.title")).waitFor();

    // On a desktop, or without the signup query, the reminder is only the banner.
    const desktop = await visit(member, "/members?api_signup_complete=1");
    await banner(desktop, "activation").waitFor();
    // (From 992 px the search filters are a dialog shown as a side panel: only the reminder's counts.)
    expect(await desktop.getByRole("dialog", { name: t("activation.dialogTitle") }).count()).toBe(0);
  });

  it("asks for a photo, not on the profile screen; a dismissal holds after a reload", async () => {
    const member = await createMember(suite.server, { siteId: SITE });
    const page = await visit(member, "/members");
    const alert = banner(page, "photo");
    await alert.getByText(t("photo.title")).waitFor();
    await alert.getByRole("link", { name: t("photo.action") }).click();
    await page.waitForURL(/\/profile/);
    await banner(page, "photo").waitFor({ state: "detached" });
    await page.reload();
    await page.locator("h1").waitFor();
    expect(await banner(page, "photo").count()).toBe(0);

    await page.goBack();
    await hydrated(page);
    await banner(page, "photo").getByRole("button", { name: t("dismiss", { title: t("photo.title") }) }).click();
    await banner(page, "photo").waitFor({ state: "detached" });
    await expect.poll(async () => Object.keys(await dismissedBanners(suite.server.store.db, member.accountId))).toEqual(["photo"]);
    await page.reload();
    await page.locator("h1").waitFor();
    expect(await banner(page, "photo").count()).toBe(0);
  });

  it("dismisses without JavaScript too, back on the same page", async () => {
    const member = await createMember(suite.server, { siteId: SITE });
    const page = await visit(member, "/likes", { javaScriptEnabled: false });
    await banner(page, "photo").getByRole("button", { name: t("dismiss", { title: t("photo.title") }) }).click();
    await page.waitForURL(/\/likes$/);
    expect(await banner(page, "photo").count()).toBe(0);
    expect(Object.keys(await dismissedBanners(suite.server.store.db, member.accountId))).toEqual(["photo"]);
  });

  it("says why e-mails stopped, and its button turns them on again", async () => {
    const member = await createMember(suite.server, { siteId: SITE });
    await suite.server.store.db.updateTable("accounts").set({ notifications_disabled: ["bounce"] }).where("id", "=", member.accountId).execute();
    const page = await visit(member, "/members", { viewport: PHONE });
    const alert = banner(page, "notifications");
    await alert.getByText(t("notifications.reason.bounce")).waitFor();
    // Two at most: the photo alert shares the row.
    await banner(page, "photo").waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);

    await hydrated(page);
    await alert.getByRole("button", { name: t("notifications.action") }).click();
    await page.getByText(t("notifications.on")).waitFor();
    await alert.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await suite.server.store.db.selectFrom("accounts").select("notifications_disabled").where("id", "=", member.accountId).executeTakeFirstOrThrow()).notifications_disabled)
      .toEqual([]);
    await page.reload();
    await banner(page, "photo").waitFor();
    expect(await banner(page, "notifications").count()).toBe(0);
  });

  it("offers push where the browser can, and subscribing stores this browser and hides the offer", async () => {
    const member = await createMember(suite.server, { siteId: SITE });
    const page = await visit(member, "/members", { push: PUSH_ENDPOINT });
    await banner(page, "photo").waitFor();
    // Never on the page the member lands on, where it would shift the content after loading.
    await page.waitForTimeout(500);
    expect(await banner(page, "push").count()).toBe(0);
    await navigateTo(page, "likes");
    const alert = banner(page, "push");
    await alert.getByText(t("push.title")).waitFor();
    await expectAccessible(page);

    // Keyboard only: focus the button and press Enter.
    await alert.getByRole("button", { name: t("push.action") }).focus();
    await page.keyboard.press("Enter");
    await page.getByText(t("push.on")).waitFor();
    await alert.waitFor({ state: "detached" });
    expect(await page.evaluate(() => (window as unknown as { subscribedWithKeyBytes: number }).subscribedWithKeyBytes)).toBe(65);
    expect((await pushSubscriptionsOf(suite.server.store.db, member.accountId)).map((row) => row.endpoint)).toEqual([PUSH_ENDPOINT]);

    // Not on the screens where §4 leaves it out.
    const premium = await visit(member, "/members", { push: "https://push.example.com/send/other-browser" });
    await navigateTo(premium, "likes");
    await banner(premium, "push").waitFor();
    await premium.getByRole("link", { name: text("nl", "nav.premium") }).first().click();
    await premium.waitForURL(/\/premium$/);
    await banner(premium, "push").waitFor({ state: "detached" });
    expect(await banner(premium, "photo").count()).toBe(0);
  });

  it("fits a phone and passes axe with the photo and push alerts", async () => {
    const member = await createMember(suite.server, { siteId: SITE });
    const page = await visit(member, "/members", { viewport: PHONE, push: "https://push.example.com/send/phone" });
    await navigateTo(page, "likes");
    await banner(page, "photo").waitFor();
    await banner(page, "push").waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);
  });
});
