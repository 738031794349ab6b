import { describe, expect, it } from "vitest";
import { hydrated } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { visitorIp } from "../support/test-server";

const suite = browserSuite();

/** A page from the cache runs in the browser like a rendered one: its nonce lets its scripts run. */
describe("a logged-out page from cache in the browser", () => {
  it("hydrates under its CSP, and closing the site-entry warning gives the page without it", async () => {
    const origin = suite.server.origin("gay-uk");
    const context = await suite.browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": visitorIp() } });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });

    const first = await page.goto(origin + "/pages/faq");
    const second = await page.goto(origin + "/pages/faq");
    expect([first?.headers()["x-page-cache"], second?.headers()["x-page-cache"]]).toEqual(["miss", "hit"]);
    await hydrated(page);
    expect(blocked).toEqual([]);

    // The warning's form works on the cached page; afterwards the visitor gets the variant without it.
    const dialog = page.getByRole("dialog");
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole("button").click();
    // The dialog goes as the form is sent; the cookie comes with the answer.
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name), { timeout: 15_000 }).toContain("site_entry_skipped");
    const returning = await page.reload();
    expect(returning?.headers()["x-page-cache"]).toMatch(/^(hit|miss)$/);
    expect(returning?.headers()["cache-control"]).toBe("private, no-cache");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await hydrated(page);
    expect(blocked).toEqual([]);
    await context.close();
  });
});
