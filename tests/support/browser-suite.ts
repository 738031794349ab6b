import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { sessionCookie } from "./accounts";
import { DESKTOP, launchChromium, returningVisitor } from "./browser";
import { startTestServer, type TestServer } from "./test-server";

export type BrowserSuite = { server: TestServer; browser: Browser };

/**
 * The built app on its own server (with the given settings) and a Chromium, for one browser test
 * file: up before its tests, down after. `browser` asks for the full browser (see launchChromium).
 */
export function browserSuite(options: Parameters<typeof startTestServer>[0] = {}, browser: Parameters<typeof launchChromium>[0] = {}): Readonly<BrowserSuite> {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.server = await startTestServer(options);
    suite.browser = await launchChromium(browser);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

export type PageVisit = {
  siteId: string;
  pathname: string;
  /** Signed in as this account; a returning visitor without. */
  member?: { accountId: number };
  viewport?: typeof DESKTOP;
  /** The visitor's country, as the CDN's header says it. */
  country?: string;
  javaScriptEnabled?: boolean;
  /** Another browser's name than the headless one's (PERSONS_BROWSER). */
  userAgent?: string;
};

/** A page of a brand in a browser context of its own: a returning visitor, or a member signed in. */
export async function openPage(suite: BrowserSuite, { siteId, pathname, member, viewport = DESKTOP, country, javaScriptEnabled = true, userAgent }: PageVisit): Promise<Page> {
  const origin = suite.server.origin(siteId);
  const context = await returningVisitor(suite.browser, origin, { viewport, country, javaScriptEnabled, userAgent });
  if (member) {
    const cookie = await sessionCookie(suite.server, { siteId, accountId: member.accountId });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  }
  const page = await context.newPage();
  await page.goto(origin + pathname);
  return page;
}
