import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkPassword } from "../../server/accounts/login";
import { applyReport } from "../../server/payments/settle";
import type { Site } from "../../server/sites/schema";
import { createMember, sessionCookie, uniqueEmail } from "../support/accounts";
import { hydrated } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible } from "../support/page-checks";
import { CONSOLE_WIDTHS, createStaff, openConsole } from "../support/staff";

const suite = browserSuite();
const SITE = "flirt-nl";

/** Nothing scrolls sideways at this width. */
async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("members in the support console", () => {
  it("lets support find a member by e-mail and adjust their credits with a reason, seeing the ledger row and the balance", async () => {
    const support = await createStaff(suite.server, { role: "support" });
    const member = await createMember(suite.server, { siteId: SITE, email: uniqueEmail("console"), name: "Marieke" });
    const balance = (await suite.server.store.db.selectFrom("accounts").select("credits").where("id", "=", member.accountId).executeTakeFirstOrThrow()).credits;

    const page = await openConsole(suite, { pathname: "/members", staffId: support.id });
    await hydrated(page);
    await page.getByLabel("Brand").selectOption(SITE);
    await page.getByLabel("E-mail, id or name").fill(member.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: member.email }).click();
    await page.getByRole("heading", { level: 1, name: member.email }).waitFor();
    expect(await page.getByTestId("balance").textContent()).toBe(String(balance));

    await page.getByLabel("Credits to add (negative to take)").fill("25");
    await page.getByLabel("Reason").fill("Chat outage on Monday");
    await page.getByRole("button", { name: "Book the adjustment" }).click();
    await page.getByText(`Booked +25 credits. The balance is now ${balance + 25}.`).waitFor();
    await expect.poll(() => page.getByTestId("balance").textContent()).toBe(String(balance + 25));
    const ledger = page.getByRole("table", { name: "Ledger" });
    await expect.poll(() => ledger.getByRole("row").nth(1).textContent()).toMatch(/adjustment\+25/);
    // The form is fresh for the next one, and the audit trail shows what was done.
    expect(await page.getByLabel("Credits to add (negative to take)").inputValue()).toBe("");
    await expect.poll(() => page.getByRole("region", { name: "Audit trail" }).getByText("credits.adjust").count()).toBe(1);

    // A take that would go below zero: the reason beside the field, nothing booked.
    await page.getByLabel("Credits to add (negative to take)").fill(String(-(balance + 1000)));
    await page.getByLabel("Reason").fill("Testing the limit");
    await page.getByRole("button", { name: "Book the adjustment" }).click();
    await page.getByText(/would leave it below 0/).waitFor();
    expect(await page.getByTestId("balance").textContent()).toBe(String(balance + 25));
    await page.context().close();
  });

  it("shows a moderator no adjust form, and answers a forged adjustment with 403", async () => {
    const moderator = await createStaff(suite.server, { role: "moderator" });
    const member = await createMember(suite.server, { siteId: SITE });
    const page = await openConsole(suite, { pathname: `/members/${member.accountId}?site=${SITE}`, staffId: moderator.id });
    await page.getByRole("heading", { level: 1, name: member.email }).waitFor();
    expect(await page.getByRole("button", { name: "Book the adjustment" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Credits" }).count()).toBe(0);
    // Moderators may hide a profile.
    expect(await page.getByRole("button", { name: "Hide this profile" }).count()).toBe(1);

    // The form the page does not offer, sent from the page anyway (same origin, the moderator's cookie).
    const forged = await page.evaluate(async (url) => {
      const body = new URLSearchParams({ intent: "adjust", delta: "1000", reason: "forged by a moderator", key: "forgedforgedforged1234" });
      return (await fetch(url, { method: "POST", body })).status;
    }, `/members/${member.accountId}?site=${SITE}`);
    expect(forged).toBe(403);
    const adjustments = await suite.server.store.db.selectFrom("credit_ledger").select("id").where("account_id", "=", member.accountId).where("reason", "=", "adjustment").execute();
    expect(adjustments).toEqual([]);

    // What a moderator may do, they can: hiding the profile is said at the top of the page.
    await hydrated(page);
    await page.getByRole("button", { name: "Hide this profile" }).click();
    await page.getByRole("status").getByText("The profile is hidden from everyone.").waitFor();
    await page.getByRole("button", { name: "Show this profile again" }).waitFor();
    expect(await suite.server.store.db.selectFrom("profiles").select("status").where("id", "=", member.profileId).executeTakeFirstOrThrow()).toEqual({ status: "hidden" });
    await page.context().close();
  });

  it("passes axe and fits the screen on /members and /members/:id at desktop and tablet widths", async () => {
    const support = await createStaff(suite.server, { role: "support" });
    const member = await createMember(suite.server, { siteId: SITE, name: "Annelies" });
    // Every section with something in it: a block, a session, a paid payment (with its refund form), a complaint, a lockout.
    const { db } = suite.server.store;
    const other = await createMember(suite.server, { siteId: SITE });
    await db.insertInto("blocks").values({ blocker_id: member.profileId, blocked_id: other.profileId }).execute();
    await sessionCookie(suite.server, { siteId: SITE, accountId: member.accountId });
    const payment = await db
      .insertInto("payments")
      .values({ site_id: SITE, account_id: member.accountId, package: "p1", credits: 120, amount: 1995, currency: "EUR", method: "ideal", provider: "test", provider_reference: "tst_axecheck", order_key: "axe-check", expires_at: new Date(Date.now() + 3_600_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await applyReport({ services: suite.server.services, site: suite.server.sites.byId(SITE) as Site, provider: { name: "test" }, report: { paymentId: payment.id, providerReference: "tst_axecheck", status: "paid", amount: 1995, currency: "EUR" } });
    await db.insertInto("complaints").values({ site_id: SITE, reporter_account_id: other.accountId, profile_id: member.profileId, reason: "scam", message: "Sends the same link to everyone." }).execute();
    for (let attempt = 0; attempt < 5; attempt += 1) await checkPassword(db, suite.server.services.limits, { siteId: SITE, email: member.email, password: "wrong", ip: "10.20.30.40" });
    for (const viewport of CONSOLE_WIDTHS) {
      const search = await openConsole(suite, { pathname: `/members?site=${SITE}&q=${encodeURIComponent(member.email)}`, staffId: support.id, viewport });
      await search.getByRole("link", { name: member.email }).waitFor();
      await hydrated(search);
      await expectAccessible(search);
      await expectFitsWidth(search, viewport.width);
      await search.context().close();

      const memberPage = await openConsole(suite, { pathname: `/members/${member.accountId}?site=${SITE}`, staffId: support.id, viewport });
      await memberPage.getByRole("heading", { level: 1, name: member.email }).waitFor();
      await hydrated(memberPage);
      await memberPage.getByRole("button", { name: /Refund payment/ }).waitFor();
      await memberPage.getByRole("button", { name: "Clear the lockout" }).waitFor();
      await expectAccessible(memberPage);
      await expectFitsWidth(memberPage, viewport.width);
      await memberPage.context().close();
    }
  });
});
