import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, linkIn, PASSWORD, uniqueEmail, waitForMail } from "../support/accounts";
import { hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const BRAND = { id: "gay-uk", language: "en", country: "GB" };
/** Several pages, password hashing and a mail on a busy machine. */
const FLOW_TIMEOUT = 240_000;
const STEP = { timeout: 30_000 };

const suite = browserSuite({ env: { DEMO_MEMBERS: "0" } });
const t = (key: string, values?: Record<string, string | number>) => text(BRAND.language, key, values);
const shown = (page: Page, words: string) => page.getByText(words, { exact: false }).first().waitFor({ state: "visible", ...STEP });

/** The reactivation link, from the mail the outbox delivered. */
async function mailedLink(email: string): Promise<string> {
  const mail = await waitForMail(suite.server, email, { subject: t("mail:reactivation.subject", { site: suite.server.sites.resolveHost(`${BRAND.id}.localhost`)?.name ?? "" }) });
  return linkIn(mail);
}

describe("account deletion", () => {
  it("goes through the reasons and the retention offers, deletes, and comes back through the mailed link", async () => {
    const name = `Leaver${Date.now().toString(36)}`;
    // A long address: the last step names it, and it must wrap on a 360 px phone.
    const member = await createMember(suite.server, { siteId: BRAND.id, name, email: uniqueEmail("a.rather.long.address.for.a.small.phone") });
    const viewer = await createMember(suite.server, { siteId: BRAND.id, name: "Viewer" });
    await suite.server.store.db.updateTable("profiles").set({ status: "active" }).where("id", "in", [member.profileId, viewer.profileId]).execute();

    const page = await openPage(suite, { siteId: BRAND.id, pathname: "/settings", member, viewport: PHONE, country: BRAND.country });
    await hydrated(page);
    await page.getByRole("link", { name: t("deletion:card.start") }).click();

    // Step one: the reasons; "other" needs words.
    await page.getByRole("heading", { name: t("deletion:reasons.title") }).waitFor(STEP);
    await page.getByRole("radio", { name: t("deletion:reasons.other") }).check();
    await page.getByRole("button", { name: t("deletion:reasons.submit") }).click();
    await shown(page, t("deletion:errors.noteRequired"));
    await expectAccessible(page);
    await expectFitsPhone(page);
    await page.getByRole("radio", { name: t("deletion:reasons.too_expensive") }).check();
    await page.getByRole("button", { name: t("deletion:reasons.submit") }).click();

    // Step two: the offers that fit; the discount code with its link to the shop.
    await page.getByRole("heading", { name: t("deletion:offers.title") }).waitFor(STEP);
    const useDiscount = page.getByRole("link", { name: t("deletion:offers.discount.action") });
    expect(await useDiscount.getAttribute("href")).toMatch(/^\/credits\?code=[A-Z0-9_-]+$/);
    await page.getByRole("link", { name: t("deletion:offers.trial.action") }).waitFor(STEP);
    await expectAccessible(page);
    await expectFitsPhone(page);
    await page.getByRole("button", { name: t("deletion:offers.continue") }).click();

    // Step three: the password; a wrong one is told plainly.
    const password = page.getByLabel(t("deletion:confirm.password"));
    await password.waitFor(STEP);
    await password.fill("not my password");
    await page.getByRole("button", { name: t("deletion:confirm.submit") }).click();
    await shown(page, t("deletion:errors.wrongPassword"));
    await expectAccessible(page);
    await expectFitsPhone(page);
    await page.getByLabel(t("deletion:confirm.password")).fill(PASSWORD);
    await page.getByRole("button", { name: t("deletion:confirm.submit") }).click();

    await page.waitForURL("**/account-deleted", STEP);
    await shown(page, t("deletion:deleted.grace", { days: 14 }));
    await shown(page, t("deletion:deleted.mailed", { days: 14 }));
    await expectAccessible(page);
    await expectFitsPhone(page);

    // Gone for others at once.
    const other = await openPage(suite, { siteId: BRAND.id, pathname: `/members/${member.profileId}`, member: viewer, viewport: PHONE, country: BRAND.country });
    await other.getByRole("heading", { level: 1 }).first().waitFor(STEP);
    expect(await other.getByText(name).count()).toBe(0);

    // The mailed link: a page with a button; the click brings everything back and signs in.
    await page.goto(await mailedLink(member.email));
    await hydrated(page);
    await expectAccessible(page);
    await page.getByRole("button", { name: t("deletion:reactivate.submit") }).click();
    await page.waitForURL("**/members?reactivated=1", STEP);
    await page.goto(`${suite.server.origin(BRAND.id)}/settings`);
    await page.getByRole("link", { name: t("deletion:card.start") }).waitFor(STEP);

    await other.goto(`${suite.server.origin(BRAND.id)}/members/${member.profileId}`);
    await other.getByText(name).first().waitFor({ state: "visible", ...STEP });
    for (const opened of [page, other]) await opened.context().close();
  }, FLOW_TIMEOUT);

  it("works without JavaScript: reasons, offers, password, and the page of the 14 days", async () => {
    const member = await createMember(suite.server, { siteId: BRAND.id, name: "Plainly" });
    const page = await openPage(suite, { siteId: BRAND.id, pathname: "/settings/delete", member, viewport: PHONE, country: BRAND.country, javaScriptEnabled: false });
    await page.getByRole("radio", { name: t("deletion:reasons.found_partner") }).check();
    await page.getByRole("button", { name: t("deletion:reasons.submit") }).click();
    // Someone who found a partner is offered privacy mode, and nothing to buy.
    await page.getByRole("button", { name: t("deletion:offers.privacy.action") }).waitFor(STEP);
    expect(await page.getByRole("link", { name: t("deletion:offers.discount.action") }).count()).toBe(0);
    await page.getByRole("button", { name: t("deletion:offers.continue") }).click();
    await page.getByLabel(t("deletion:confirm.password")).fill(PASSWORD);
    await page.getByRole("button", { name: t("deletion:confirm.submit") }).click();
    await page.waitForURL("**/account-deleted", STEP);
    await shown(page, t("deletion:deleted.title"));
    const account = await suite.server.store.db.selectFrom("accounts").select(["status", "deletion_reason"]).where("id", "=", member.accountId).executeTakeFirstOrThrow();
    expect(account).toEqual({ status: "deleted", deletion_reason: "found_partner" });
    await page.context().close();
  }, FLOW_TIMEOUT);
});
