import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { hydrated, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const MAX_STYLESHEETS = 3;

const suite = browserSuite();

/** A page of flirt-nl that records the paths of every request it makes from the start. */
async function openPage(pathname: string, member?: { accountId: number }): Promise<{ page: Page; requested: string[] }> {
  const origin = suite.server.origin(SITE);
  const context = await returningVisitor(suite.browser, origin, { country: "NL" });
  if (member) {
    const cookie = await sessionCookie(suite.server, { siteId: SITE, accountId: member.accountId });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  }
  const page = await context.newPage();
  const requested: string[] = [];
  context.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(origin + pathname);
  await hydrated(page);
  return { page, requested };
}

const catalogueRequests = (requested: string[]) => requested.filter((pathname) => pathname.startsWith("/locales/"));

describe("what the browser loads", () => {
  it("a visitor's page hydrates in Dutch from the translations it carries, fetching no catalogue, with at most three stylesheets", async () => {
    const { page, requested } = await openPage("/");
    await page.waitForLoadState("networkidle");
    expect(catalogueRequests(requested)).toEqual([]);
    expect(await page.locator("html").getAttribute("lang")).toBe("nl");
    // Rendered again by the browser's i18next after hydration: still the Dutch words, not keys.
    await page.getByRole("link", { name: t("nav.login"), exact: true }).first().waitFor();
    expect(await page.locator("link[rel=stylesheet]").count()).toBeLessThanOrEqual(MAX_STYLESHEETS);
    const block = page.locator("script#page-translations");
    expect(await block.getAttribute("type")).toBe("application/json");
    expect(await block.getAttribute("nonce")).not.toBeNull();
    await page.context().close();
  });

  it("a member's client-side navigation to a page with another namespace fetches it and shows its Dutch text", async () => {
    const member = await createMember(suite.server, { siteId: SITE, name: "Lotte" });
    const { page, requested } = await openPage("/members", member);
    await page.waitForLoadState("networkidle");
    expect(catalogueRequests(requested)).toEqual([]);
    expect(await page.locator("link[rel=stylesheet]").count()).toBeLessThanOrEqual(MAX_STYLESHEETS);

    // A mark on the window survives only a client-side navigation, not a page load.
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await page.getByRole("link", { name: new RegExp(t("nav.messages")) }).first().click();
    await page.waitForURL(/\/chats$/);
    // Rendered in the browser from the chat catalogue it fetched then: the list's empty state.
    await page.getByText(t("chat:list.empty.title"), { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    expect(catalogueRequests(requested)).toEqual(["/locales/nl/chat.json"]);
    await page.context().close();
  });
});
