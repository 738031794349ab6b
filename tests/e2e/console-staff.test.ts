import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { hydrated } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible } from "../support/page-checks";
import { CONSOLE_WIDTHS, createStaff, openConsole, staffCookie } from "../support/staff";

const suite = browserSuite();

/** Nothing scrolls sideways at this width. */
async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("the support console's staff pages and its separation from the brands", () => {
  it("shows an admin the staff accounts and what one of them did, at desktop and tablet widths", async () => {
    const admin = await createStaff(suite.server, { role: "admin" });
    const moderator = await createStaff(suite.server, { role: "moderator" });
    await suite.server.store.db.insertInto("staff_audit").values({ staff_id: moderator.id, action: "photo.approve", detail: JSON.stringify({ photoId: 7 }), ip: "10.1.2.3" }).execute();
    for (const viewport of CONSOLE_WIDTHS) {
      const list = await openConsole(suite, { pathname: "/staff", staffId: admin.id, viewport });
      await hydrated(list);
      await expect.poll(() => list.getByRole("link", { name: moderator.email }).count()).toBe(1);
      await expectAccessible(list);
      await expectFitsWidth(list, viewport.width);
      await list.getByRole("link", { name: moderator.email }).click();
      await list.getByRole("heading", { level: 1, name: moderator.email }).waitFor();
      await expect.poll(() => list.getByText("photo.approve").count()).toBe(1);
      await expectAccessible(list);
      await expectFitsWidth(list, viewport.width);
      await list.context().close();
    }
  });

  it("shows the staff section to admins only, and refuses its page to other roles", async () => {
    const support = await createStaff(suite.server, { role: "support" });
    const page = await openConsole(suite, { pathname: "/", staffId: support.id });
    await page.getByRole("navigation", { name: "Console" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Staff" }).count()).toBe(0);
    const refused = await page.goto(suite.server.consoleOrigin + "/staff");
    expect(refused?.status()).toBe(403);
    await page.context().close();
  });

  it("takes a brand's member cookie for nothing on the support host, and a staff cookie for nothing on a brand", async () => {
    const member = await createMember(suite.server, { siteId: "flirt-nl" });
    const memberCookie = await sessionCookie(suite.server, { siteId: "flirt-nl", accountId: member.accountId });
    const admin = await createStaff(suite.server, { role: "admin" });
    const adminCookie = await staffCookie(suite.server, { staffId: admin.id });

    const context = await suite.browser.newContext();
    // The member's cookie, sent to the console: the console asks to sign in.
    await context.addCookies([{ name: memberCookie.name, value: memberCookie.value, url: suite.server.consoleOrigin }]);
    const onConsole = await context.newPage();
    await onConsole.goto(suite.server.consoleOrigin + "/members");
    expect(new URL(onConsole.url()).pathname).toBe("/login");

    // The staff cookie, and its value under the member cookie's name, sent to a brand: a visitor there.
    const brand = suite.server.origin("flirt-nl");
    await context.addCookies([
      { name: adminCookie.name, value: adminCookie.value, url: brand },
      { name: memberCookie.name, value: adminCookie.value, url: brand },
    ]);
    const onBrand = await context.newPage();
    const answer = await onBrand.goto(brand + "/api/user.php");
    expect(answer?.status()).toBe(403);
    await context.close();
  });
});
