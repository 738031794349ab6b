import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./browser";
import { startTestServer, type TestServer } from "./test-server";

export type BrowserSuite = { server: TestServer; browser: Browser };

/** The built app on its own server (with the given settings) and a Chromium, for one browser test file: up before its tests, down after. */
export function browserSuite(options: Parameters<typeof startTestServer>[0] = {}): Readonly<BrowserSuite> {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.server = await startTestServer(options);
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
