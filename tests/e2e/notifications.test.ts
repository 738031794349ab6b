import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../server/http/request-context";
import { createMember, sessionCookie } from "../support/accounts";
import { hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { runJobsDue } from "../support/jobs";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { startPushStandIn, type PushStandIn } from "../support/push-stand-in";
import { requestAs, visitorIp } from "../support/test-server";
import { waitUntil } from "../support/wait";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const FLOW_TIMEOUT = 180_000;
const SIXTEEN_MINUTES = 16 * 60_000;

// The full browser: the headless shell denies notification permission without asking, so it has no "prompt" state to show.
const suite = browserSuite({ env: { DEMO_MEMBERS: "0" } }, { full: true });

/** /notifications in a browser: preferences saved and honoured, push captured at the network boundary (issue 19). */
describe("notifications page", () => {
  let push: PushStandIn;

  beforeAll(async () => {
    push = await startPushStandIn();
    (suite.server.services as Services).pushAgent = push.agent;
  });
  afterAll(async () => {
    await push?.close();
  });

  const db = () => suite.server.store.db;

  /** A member's JSON call from their own (made-up) address, as the app makes it. */
  async function apiAs(accountId: number) {
    const cookie = (await sessionCookie(suite.server, { siteId: SITE, accountId })).header;
    const ip = visitorIp();
    return (method: string, pathname: string, body: unknown) =>
      requestAs(suite.server.port, `${SITE}.localhost`, pathname, { cookie, "x-forwarded-for": ip, "content-type": "application/json" }, { method, body: JSON.stringify(body) });
  }

  /** A switch of the form, by its kind's name and channel as a screen reader hears it. */
  const box = (page: Page, kind: string, channel: "email" | "push") =>
    page.getByRole("checkbox", { name: `${t(`notifications:kinds.${kind}.title`)}: ${t(`notifications:preferences.${channel}`)}`, exact: true });

  it(
    "saves the switches, keeps them after a reload, and a new conversation then sends no push but still a mail",
    async () => {
      const member = await createMember(suite.server, { siteId: SITE, name: "Iris" });
      const sender = await createMember(suite.server, { siteId: SITE, name: "Joost" });
      await db().updateTable("accounts").set({ paid_user: true, credits: 1_000 }).where("id", "=", sender.accountId).execute();
      const page = await openPage(suite, { siteId: SITE, pathname: "/notifications", member, viewport: PHONE, country: "NL" });
      await hydrated(page);
      await page.getByRole("heading", { level: 1, name: t("notifications:title") }).waitFor();
      // Dutch members opt in to marketing: offers start off, likes on.
      expect(await box(page, "promotions", "email").isChecked()).toBe(false);
      expect(await box(page, "like", "push").isChecked()).toBe(true);
      await expectAccessible(page);
      await expectFitsPhone(page);

      await box(page, "new_conversations", "push").uncheck();
      await box(page, "promotions", "email").check();
      await page.getByRole("button", { name: t("notifications:preferences.submit") }).click();
      await page.getByText(t("notifications:preferences.saved")).waitFor({ timeout: 15_000 });
      await expectAccessible(page);
      await page.reload();
      await hydrated(page);
      expect(await box(page, "new_conversations", "push").isChecked()).toBe(false);
      expect(await box(page, "new_conversations", "email").isChecked()).toBe(true);
      expect(await box(page, "promotions", "email").isChecked()).toBe(true);

      // Honoured: the member's subscribed browser gets no push of a new conversation; the mail still comes
      // (the member closed the tab: the page-hidden beacon says they are away).
      await page.context().close();
      const own = await apiAs(member.accountId);
      const browser = push.newBrowser();
      expect((await own("POST", "/api/user.php?push=1", { subscription: browser.subscription })).status).toBe(200);
      expect((await own("POST", "/api/page-hidden.php", {})).status).toBe(204);
      const send = await apiAs(sender.accountId);
      expect((await send("POST", "/api/chat.php", { profile: member.profileId, client_id: "joost-first-hello", body: "Hoi Iris" })).status).toBe(200);
      await runJobsDue(suite.server);
      await runJobsDue(suite.server, { at: new Date(Date.now() + SIXTEEN_MINUTES) });
      const mails = await db().selectFrom("mail_outbox").select("kind").where("account_id", "=", member.accountId).where("kind", "like", "notification.%").execute();
      expect(mails).toEqual([{ kind: "notification.new_conversations" }]);
      expect(push.received(browser.path)).toEqual([]);

      // A further message is a new message, whose push is still on: it reaches the browser.
      expect((await send("POST", "/api/chat.php", { profile: member.profileId, client_id: "joost-second-hello", body: "Ben je er?" })).status).toBe(200);
      await runJobsDue(suite.server);
      const pushes = await waitUntil(async () => push.received(browser.path), (list) => list.length === 1);
      expect((pushes[0]?.payload as { title: string }).title).toBe(t("notifications:pushMessage.newMessage", { name: "Joost" }));
    },
    FLOW_TIMEOUT,
  );

  it(
    "a push the service worker shows refreshes the open tab's counts at once, with no poll due",
    async () => {
      const member = await createMember(suite.server, { siteId: SITE, name: "Lotte" });
      const liker = await createMember(suite.server, { siteId: SITE, name: "Bram" });
      const origin = suite.server.origin(SITE);
      const page = await openPage(suite, { siteId: SITE, pathname: "/members", member, viewport: PHONE, country: "NL" });
      await page.context().grantPermissions(["notifications"], { origin });
      // The worker the push alert registers, registered here: subscribing needs a push service this machine cannot reach.
      await page.evaluate(async () => {
        await navigator.serviceWorker.register("/sw.js", { scope: "/" });
        await navigator.serviceWorker.ready;
      });
      const cdp = await page.context().newCDPSession(page);
      const registration = new Promise<string>((resolve) => {
        cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const ours = registrations.find((entry) => entry.scopeURL === `${origin}/` && !entry.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send("ServiceWorker.enable");
      const registrationId = await registration;

      // The page's timers stand still from here, so no periodic refresh can bring the new count.
      await page.clock.install();
      await page.reload();
      await hydrated(page);
      const likeCalls = new Set<unknown>();
      page.on("request", (request) => void (request.url().includes("/api/likes.php") && likeCalls.add(request)));
      page.on("requestfinished", (request) => void likeCalls.delete(request));
      page.on("requestfailed", (request) => void likeCalls.delete(request));
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
      await waitUntil(async () => likeCalls.size, (inFlight) => inFlight === 0);
      expect(await page.title()).not.toMatch(/^\(\d+\) /);

      // A like the tab hears nothing of (written straight to the store: no live event), then its push.
      await db().insertInto("likes").values({ liker_id: liker.profileId, liked_id: member.profileId }).execute();
      const payload = { title: t("notifications:pushMessage.like", { name: "Bram" }), body: "", data: { checkUrl: "/likes", openUrl: "/likes" } };
      await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(payload) });
      await page.waitForFunction(() => document.title.startsWith("(1) "), undefined, { timeout: 30_000 });
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );

  it(
    "saves without JavaScript, and shows the browser's push state with JavaScript",
    async () => {
      const member = await createMember(suite.server, { siteId: SITE, name: "Kees" });
      const plain = await openPage(suite, { siteId: SITE, pathname: "/notifications", member, viewport: PHONE, country: "NL", javaScriptEnabled: false });
      await box(plain, "like", "email").uncheck();
      await plain.getByRole("button", { name: t("notifications:preferences.submit") }).click();
      await plain.getByText(t("notifications:preferences.saved")).waitFor({ timeout: 15_000 });
      // Without JavaScript the push state stays unknown: only the browser can tell.
      expect(await plain.locator("[data-push-state]").getAttribute("data-push-state")).toBe("unknown");
      const row = await db().selectFrom("notification_preferences").select("enabled").where("account_id", "=", member.accountId).where("kind", "=", "like").where("channel", "=", "email").executeTakeFirst();
      expect(row?.enabled).toBe(false);
      await plain.context().close();

      const page = await openPage(suite, { siteId: SITE, pathname: "/notifications", member, viewport: PHONE, country: "NL" });
      await hydrated(page);
      const state = page.locator("[data-push-state]");
      await waitUntil(() => state.getAttribute("data-push-state"), (value) => value !== "unknown");
      // Chromium asks before it allows push: the page offers to turn it on.
      expect(await state.getAttribute("data-push-state")).toBe("prompt");
      await page.getByRole("button", { name: t("banners:push.action") }).waitFor();
      expect(await box(page, "like", "email").isChecked()).toBe(false);
      await expectAccessible(page);
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
});
