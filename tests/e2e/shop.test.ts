import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../server/payments/money";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, hydrated, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const suite = browserSuite();
const nl = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const en = (key: string, values?: Record<string, string | number>) => text("en", key, values);

type Options = { viewport?: typeof PHONE; country?: string; javaScriptEnabled?: boolean };

async function visitor(siteId: string, pathname: string, { viewport = DESKTOP, country, javaScriptEnabled = true }: Options = {}): Promise<Page> {
  const context = await returningVisitor(suite.browser, suite.server.origin(siteId), { viewport, country, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(suite.server.origin(siteId) + pathname);
  return page;
}

async function member(siteId: string, pathname: string, options: Options & { paidUser?: boolean } = {}) {
  const someone = await createMember(suite.server, { siteId });
  if (options.paidUser) await suite.server.store.db.updateTable("accounts").set({ paid_user: true }).where("id", "=", someone.accountId).execute();
  const page = await visitor(siteId, "/", options);
  const cookie = await sessionCookie(suite.server, { siteId, accountId: someone.accountId });
  await page.context().addCookies([{ name: cookie.name, value: cookie.value, url: suite.server.origin(siteId) }]);
  await page.goto(suite.server.origin(siteId) + pathname);
  return { page, someone };
}

const card = (page: Page, tier: string) => page.locator(`[data-packages] [data-tier="${tier}"]`);

/** The card shows its numbers and the price struck through is really drawn struck through. */
async function expectStruckThrough(page: Page, tier: string, normalPrice: string) {
  const struck = card(page, tier).locator("s[data-normal-price]");
  await expect.poll(() => struck.textContent()).toContain(normalPrice);
  expect(await struck.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain("line-through");
}

describe("credits (flirt-nl, Dutch, euros)", () => {
  const euros = (cents: number) => formatMoney(cents, "EUR", "nl-NL");

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("shows the balance and the four packages with the popular one marked (%s)", async (_label, viewport) => {
    const { page } = await member("flirt-nl", "/credits", { viewport, country: "NL" });
    await page.getByRole("heading", { level: 1, name: nl("credits:credits.title") }).waitFor();
    expect(await page.locator("[data-balance]").getAttribute("data-balance")).toBe("20");
    expect(await page.locator("[data-packages] > li").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-tier")))).toEqual(["p0", "p1", "p2", "p3"]);

    const popular = page.locator('[data-packages] [data-popular="true"]');
    expect(await popular.count()).toBe(1);
    expect(await popular.getAttribute("data-tier")).toBe("p1");
    await popular.getByText(nl("credits:package.popular"), { exact: true }).waitFor();
    expect(await popular.locator("[data-price]").textContent()).toContain(euros(1995));
    await expectStruckThrough(page, "p1", euros(2495));
    expect(await card(page, "p1").locator("[data-discount]").textContent()).toContain("20%");
    await card(page, "p1").getByText(nl("credits:package.perCredit", { price: euros(16) })).waitFor();
    // The cheapest has no normal price: nothing struck through, no ribbon.
    expect(await card(page, "p0").locator("s, [data-discount]").count()).toBe(0);

    expect(await card(page, "p2").getByRole("link", { name: new RegExp(`^${nl("credits:package.buy")}`) }).getAttribute("href")).toBe("/credits/p2");
    await page.getByText(nl("credits:oneTime.title")).waitFor();
    expect(await page.locator("[data-active-discount]").count()).toBe(0);
    expect(await page.locator("[data-repeat-order]").count()).toBe(0);
    await expectAccessible(page);
    if (viewport === PHONE) await expectFitsPhone(page);
    await page.context().close();
  });

  it("offers to repeat the order once the member has paid before", async () => {
    const { page, someone } = await member("flirt-nl", "/credits", { country: "NL" });
    await hydrated(page);
    expect(await page.locator("[data-repeat-order]").count()).toBe(0);
    await suite.server.store.db
      .insertInto("payments")
      .values({
        site_id: "flirt-nl",
        account_id: someone.accountId,
        package: "p1",
        credits: 125,
        amount: 1995,
        currency: "EUR",
        method: "ideal",
        provider: "test",
        order_key: "repeat-order-test",
        status: "paid",
        expires_at: new Date(Date.now() + 3_600_000),
        paid_at: new Date(),
      })
      .execute();
    await page.reload();
    const link = page.getByRole("link", { name: nl("credits:credits.repeatOrder") });
    expect(await link.getAttribute("href")).toBe("/credits/repeat-order");
    await page.context().close();
  });

  it("sends a visitor to login and back to /credits afterwards", async () => {
    const page = await visitor("flirt-nl", "/credits", { country: "NL" });
    await page.waitForURL(/\/login\?redirectTo=%2Fcredits$/);
    await page.context().close();
  });
});

describe("premium (bbw-us, English, dollars)", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("shows the tiers, the ribbon, the struck-through price, what premium gives and the 46%% claim (%s)", async (_label, viewport) => {
    const { page } = await member("bbw-us", "/premium", { viewport, country: "US" });
    await page.getByRole("heading", { level: 1, name: en("credits:premium.title") }).waitFor();
    await page.getByText(en("credits:premium.claim", { percent: 46 })).waitFor();
    await page.getByText(en("credits:premium.benefits.ownPhotos", { premium: 25, free: 3 })).waitFor();
    await page.getByText(en("credits:premium.benefits.conversationsText_other", { count: 2 })).waitFor();
    expect(await page.locator('[data-packages] [data-popular="true"]').getAttribute("data-tier")).toBe("p1");
    expect(await card(page, "p1").locator("[data-price]").textContent()).toBe(`${en("credits:package.nowPrice")} $24.99`);
    await expectStruckThrough(page, "p1", "$29.99");
    expect(await card(page, "p1").locator("[data-discount] [aria-hidden]").textContent()).toBe("−17%");
    await page.getByText(en("credits:oneTime.text")).waitFor();
    expect(await page.locator("[data-premium-member]").count()).toBe(0);
    await expectAccessible(page);
    if (viewport === PHONE) await expectFitsPhone(page);
    await page.context().close();
  });

  it("tells a premium member they already are", async () => {
    const { page } = await member("bbw-us", "/premium", { country: "US", paidUser: true });
    await page.locator("[data-premium-member]").getByText(en("credits:premium.already")).waitFor();
    await page.getByRole("heading", { level: 2, name: en("credits:premium.topUp") }).waitFor();
    await page.context().close();
  });

  it("lets a visitor look without JavaScript; buying goes through login", async () => {
    const page = await visitor("bbw-us", "/premium", { country: "US", javaScriptEnabled: false });
    const choose = card(page, "p2").getByRole("link", { name: new RegExp(`^${en("credits:package.signInToBuy")}`) });
    expect(await choose.getAttribute("href")).toBe(`/login?redirectTo=${encodeURIComponent("/credits/p2")}`);
    await choose.click();
    await page.waitForURL(/\/login\?redirectTo=%2Fcredits%2Fp2$/);
    await page.context().close();
  });
});

describe("pricing (public)", () => {
  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)("shows a Belgian visitor of flirt-nl the packages, the message cost with the country minimum of 12, and the refund period (%s)", async (_label, viewport) => {
    const page = await visitor("flirt-nl", "/pricing", { viewport, country: "BE" });
    await page.getByRole("heading", { level: 1, name: nl("credits:pricing.title") }).waitFor();
    expect(await page.locator("[data-packages] > li").count()).toBe(4);
    await expectStruckThrough(page, "p1", formatMoney(2495, "EUR", "nl-BE"));
    expect(await page.locator('[data-cost="message"] dd').textContent()).toBe(nl("credits:pricing.creditsCost_other", { count: 12 }));
    expect(await page.locator('[data-cost="photo"] dd').textContent()).toBe(nl("credits:pricing.creditsCost_other", { count: 15 }));
    expect(await page.locator('[data-cost="gift"] dd').textContent()).toBe(nl("credits:pricing.creditsCost_other", { count: 25 }));
    expect(await page.locator("[data-minimum]").textContent()).toBe(nl("credits:pricing.minimum_other", { country: "België", count: 12 }));
    await page.getByText(nl("credits:pricing.refund_other", { count: 14 })).waitFor();
    expect(await page.getByRole("link", { name: nl("credits:pricing.returnPolicy") }).getAttribute("href")).toBe("/pages/return-policy");
    expect(await page.getByRole("contentinfo").getByRole("link", { name: nl("footer.pricing") }).getAttribute("href")).toBe("/pricing");
    await expectAccessible(page);
    if (viewport === PHONE) await expectFitsPhone(page);
    await page.context().close();
  });

  it("charges a Dutch visitor of the same brand the Dutch message price", async () => {
    const page = await visitor("flirt-nl", "/pricing", { country: "NL" });
    expect(await page.locator('[data-cost="message"] dd').textContent()).toBe(nl("credits:pricing.creditsCost_other", { count: 10 }));
    await page.context().close();
  });

  it("shows an American visitor of bbw-us dollars and the brand's refund period", async () => {
    const page = await visitor("bbw-us", "/pricing", { country: "US" });
    expect(await card(page, "p0").locator("[data-price]").textContent()).toBe("$12.99");
    await page.getByText(en("credits:pricing.refund_other", { count: 30 })).waitFor();
    await page.context().close();
  });
});

describe("toast", () => {
  /** Shows a toast the way any script of the app does. */
  const show = (page: Page, detail: { text: string; duration?: number; tone?: string }) =>
    page.evaluate((toast) => window.dispatchEvent(new CustomEvent("app:toast", { detail: toast })), detail);

  it.each([
    ["desktop", DESKTOP, "top"],
    ["phone", PHONE, "bottom"],
  ] as const)("shows a toast in the live region, at most 350 px wide, closes it on request and by itself (%s)", async (_label, viewport, edge) => {
    const page = await visitor("flirt-nl", "/pricing", { viewport, country: "NL" });
    // The page's clock, which the test stops: a toast of 300 ms is then there until the test moves it.
    await page.clock.install();
    await page.reload();
    await hydrated(page);
    const region = page.getByRole("status").filter({ has: page.locator("[data-toast]") });
    await show(page, { text: "Bestelling voltooid", tone: "success", duration: 60_000 });
    const toast = page.locator('[data-toast="success"]').filter({ hasText: "Bestelling voltooid" });
    await toast.waitFor();
    expect(await region.getAttribute("aria-live")).toBe("polite");
    const box = (await toast.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(350);
    expect(edge === "top" ? box.y < viewport.height / 2 : box.y > viewport.height / 2).toBe(true);
    await expectAccessible(page);
    await toast.getByRole("button", { name: nl("modal.close") }).click();
    await toast.waitFor({ state: "detached" });

    // The pointer leaves the corner, so it does not hold the next toast open.
    await page.mouse.move(1, viewport.height / 2);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await show(page, { text: "Even geduld", duration: 300 });
    const brief = page.locator("[data-toast]").filter({ hasText: "Even geduld" });
    await brief.waitFor();
    await page.clock.runFor(1_000);
    await brief.waitFor({ state: "detached", timeout: 10_000 });
    await page.context().close();
  });
});
