import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { chatMember, sendChat, SITE_ID } from "../support/chat-instances";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { waitUntil } from "../support/wait";

const t = (key: string) => text("nl", key);
const FLOW_TIMEOUT = 180_000;

const suite = browserSuite({ env: { DEMO_MEMBERS: "0" } });

/** What the app does when the network lets it down (issue 20 item 6; §4, §7, §8, §9). */
describe("client robustness", () => {
  it(
    "says the browser is offline, and a message sent meanwhile goes once, when the connection is back",
    async () => {
      const db = suite.server.store.db;
      const reader = await chatMember(suite.server, { premiumCredits: 50 });
      const writer = await chatMember(suite.server, { premiumCredits: 50 });
      await sendChat(suite.server, writer, reader, "Hoi, hoe is het?");
      const { conversation_id: conversationId } = await db
        .selectFrom("conversation_members")
        .select("conversation_id")
        .where("profile_id", "=", reader.profileId)
        .executeTakeFirstOrThrow();
      const page = await openPage(suite, { siteId: SITE_ID, pathname: `/chats/${conversationId}`, member: reader, viewport: PHONE, country: "NL" });
      // The page's clock, which the test moves past every retry's delay.
      await page.clock.install();
      await page.reload();
      await hydrated(page);
      const offline = page.getByText(t("offline.text"));
      let attempts = 0;
      let failed = 0;
      const isSend = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/chat.php";
      page.on("request", (request) => void (isSend(request) && (attempts += 1)));
      page.on("requestfailed", (request) => void (isSend(request) && (failed += 1)));

      await page.context().setOffline(true);
      await offline.waitFor();
      await expectAccessible(page);
      await expectFitsPhone(page);
      const reply = "Goed hoor, en met jou?";
      await page.getByRole("textbox", { name: text("nl", "chat:footer.label") }).fill(reply);
      await page.getByRole("button", { name: text("nl", "chat:footer.send"), exact: true }).click();
      await page.getByText(text("nl", "chat:screen.sending")).waitFor();
      await waitUntil(async () => failed, (count) => count === 1);
      // A minute passes, far beyond the five retries' 15.5 s: the send waits for the connection instead of using them up.
      for (let step = 0; step < 6; step += 1) {
        await waitUntil(async () => attempts - failed, (pending) => pending === 0);
        await page.clock.runFor(10_000);
      }
      expect(attempts).toBe(1);

      await page.context().setOffline(false);
      await offline.waitFor({ state: "detached" });
      const stored = await waitUntil(
        () => db.selectFrom("messages").select("body").where("conversation_id", "=", conversationId).where("body", "=", reply).execute(),
        (rows) => rows.length > 0,
      );
      expect(stored).toHaveLength(1);
      await page.getByText(text("nl", "chat:screen.sending")).waitFor({ state: "detached" });
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );

  it(
    "reloads the page once when a script it needs does not load, and not again within a minute",
    async () => {
      const page = await openPage(suite, { siteId: SITE_ID, pathname: "/login", viewport: PHONE, country: "NL" });
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      // From here the page's lazy scripts fail, as after a deploy removed them, until the page is loaded anew.
      let failing = true;
      let refused = 0;
      await page.route("**/assets/*.js", async (route) => {
        if (!failing) return route.continue();
        refused += 1;
        return route.abort();
      });
      page.on("request", (request) => {
        if (request.isNavigationRequest()) failing = false;
      });
      const email = page.getByLabel(t("account:fields.email"), { exact: true });
      const password = page.getByLabel(t("account:fields.password"), { exact: true });
      const reloaded = page.waitForEvent("load");
      // The form's checks load on first focus: that script fails, and the page reloads.
      await email.focus();
      await reloaded;
      await hydrated(page);
      expect(refused).toBeGreaterThan(0);

      // Within the minute, a second failure leaves the page as it is: what was typed stays, the checks come later.
      failing = true;
      const before = refused;
      await email.fill("sanne@");
      await password.focus();
      await email.focus();
      await waitUntil(async () => refused, (count) => count > before);
      failing = false;
      await waitUntil(
        async () => {
          await password.focus();
          await email.focus();
          await password.focus();
          return page.getByText(t("validation.emailInvalid"), { exact: true }).isVisible();
        },
        (shown) => shown,
      );
      expect(await email.inputValue()).toBe("sanne@");
      await page.context().close();
    },
    FLOW_TIMEOUT,
  );
  it(
    "logs how long a visitor stayed on a page opened with lb, whether they went on, and the source they came with",
    async () => {
      const db = suite.server.store.db;
      const bounces = (path: string) => db.selectFrom("page_bounces").select(["network", "ms_on_page", "went_on"]).where("site_id", "=", SITE_ID).where("path", "=", path).execute();

      // Left: the tab closes. The lander's address without a slug is sent on to the slug, query and all.
      const lander = await openPage(suite, { siteId: SITE_ID, pathname: "/landers/gallery?lb=1&network=adnet", viewport: PHONE, country: "NL" });
      await hydrated(lander);
      const notLogged = await lander.context().newPage();
      await notLogged.goto(`${suite.server.origin(SITE_ID)}/pages/terms`);
      await hydrated(notLogged);
      await notLogged.close({ runBeforeUnload: true });
      await lander.close({ runBeforeUnload: true });
      const [left] = await waitUntil(() => bounces("/landers/gallery/nl"), (rows) => rows.length > 0);
      expect(left).toMatchObject({ network: "adnet", went_on: false });
      expect(left!.ms_on_page).toBeGreaterThan(0);

      // Went on: a link to another page of the site.
      const home = await openPage(suite, { siteId: SITE_ID, pathname: "/?lb", viewport: PHONE, country: "NL" });
      await hydrated(home);
      await home.getByRole("link", { name: t("nav.login"), exact: true }).first().click();
      await home.waitForURL(/\/login$/);
      expect(await waitUntil(() => bounces("/"), (rows) => rows.length > 0)).toEqual([expect.objectContaining({ network: null, went_on: true })]);
      await home.context().close();
      // Only pages opened with lb are logged.
      expect(await bounces("/pages/terms")).toEqual([]);
    },
    FLOW_TIMEOUT,
  );
});
