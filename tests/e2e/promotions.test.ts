import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../server/payments/money";
import { readSmsOutbox } from "../../server/sms/folder";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, hydrated, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";
import { codeIn, freshIban, freshMobile } from "../support/direct-debit";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const suite = browserSuite();

// FlirtNL: Dutch, euros, iDEAL with a bank to choose.
const BRAND = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const HOUR = 3_600_000;
const origin = () => suite.server.origin(BRAND);
const site = () => suite.server.sites.byId(BRAND)!;
const db = () => suite.server.store.db;
const euros = (cents: number) => formatMoney(cents, "EUR", "nl-NL");
const priceOf = (tier: string) => site().packages.find((pack) => pack.tier === tier)!.prices.EUR!;

type Someone = Awaited<ReturnType<typeof createMember>>;

/** A signed-in member's page; with `clock`, the page's timers run on a clock the test moves. */
async function signedIn(member: Someone, pathname: string, { viewport = DESKTOP, clock = false } = {}): Promise<Page> {
  const context = await returningVisitor(suite.browser, origin(), { viewport, country: "NL" });
  const cookie = await sessionCookie(suite.server, { siteId: BRAND, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin() }]);
  const page = await context.newPage();
  if (clock) await page.clock.install();
  await page.goto(origin() + pathname);
  return page;
}

async function addCode(code: string, percentage: number) {
  await db().insertInto("discount_codes").values({ site_id: BRAND, code, percentage }).execute();
}

async function applyCode(page: Page, code: string) {
  await hydrated(page);
  await page.getByLabel(t("credits:discount.form.label")).fill(code);
  await page.getByRole("button", { name: t("credits:discount.form.apply") }).click();
}

/** Through the test checkout with iDEAL, paid; back on the return page. */
async function payWithIdeal(page: Page, price: string) {
  await hydrated(page);
  await page.getByRole("radio", { name: t("payment:methods.ideal") }).check();
  await page.locator('select[name="issuer_ideal"]').selectOption({ index: 1 });
  await page.getByRole("button", { name: t("payment:choose.pay", { price }) }).click();
  await page.waitForURL(/\/payments\/test-checkout\//);
  await page.getByRole("button", { name: t("checkout:outcomes.paid"), exact: true }).click();
  await page.waitForURL(/\?payment=\d+$/);
  await page.locator('[data-payment-state="completed"]').waitFor({ timeout: 30_000 });
  return Number(new URL(page.url()).searchParams.get("payment"));
}

const setCredits = (member: Someone, credits: number) => db().updateTable("accounts").set({ credits }).where("id", "=", member.accountId).execute();

describe("discount codes", () => {
  it("a code lowers the prices on /premium, and the payment charges the lower amount", async () => {
    const buyer = await createMember(suite.server, { siteId: BRAND, name: "Saver" });
    await addCode("WINTER20", 20);
    const page = await signedIn(buyer, "/premium", { viewport: PHONE });
    await applyCode(page, "winter20");
    await page.locator('[data-active-discount="WINTER20"]').waitFor();
    const lower = Math.round(priceOf("p1") * 0.8);
    const card = page.locator('[data-tier="p1"]');
    await expect.poll(() => card.locator("[data-price]").textContent()).toContain(euros(lower));
    expect(await card.locator("[data-normal-price]").textContent()).toContain(euros(priceOf("p1")));
    await card.getByText(t("credits:package.withCode", { code: "WINTER20" })).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);

    await card.getByRole("link").click();
    await page.waitForURL(/\/credits\/p1\?code=WINTER20$/);
    await page.locator('[data-discount-code="WINTER20"]').waitFor();
    const paymentId = await payWithIdeal(page, euros(lower));
    const payment = await db().selectFrom("payments").select(["amount", "discount_code", "amount_before_discount", "status"]).where("id", "=", paymentId).executeTakeFirstOrThrow();
    expect(payment).toEqual({ amount: lower, discount_code: "WINTER20", amount_before_discount: priceOf("p1"), status: "paid" });
    // The receipt says what the code took off.
    await page.goto(`${origin()}/transactions/${paymentId}`);
    await page.locator(`[data-receipt="${paymentId}"]`).getByText(t("payment:receipt.discountValue", { percent: 20, code: "WINTER20", saved: euros(priceOf("p1") - lower) })).waitFor();
    await page.context().close();
  });

  it("says 'Code niet gevonden' and 'Code reeds gebruikt' in Dutch, next to the field", async () => {
    const buyer = await createMember(suite.server, { siteId: BRAND, name: "Typo" });
    await addCode("ONCEONLY", 10);
    const page = await signedIn(buyer, "/credits");
    await applyCode(page, "NOPE123");
    await page.locator("[data-discount-refusal]").getByText("Code niet gevonden").waitFor();
    expect(await page.getByLabel(t("credits:discount.form.label")).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);

    // The member spent the code on an earlier purchase.
    const payment = await db()
      .insertInto("payments")
      .values({ site_id: BRAND, account_id: buyer.accountId, package: "p0", credits: 50, amount: 900, currency: "EUR", method: "ideal", provider: "test", order_key: `used-${buyer.accountId}`, status: "paid", expires_at: new Date(Date.now() + HOUR), discount_code: "ONCEONLY" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("discount_uses").values({ payment_id: payment.id, account_id: buyer.accountId, code: "ONCEONLY", state: "used" }).execute();
    await applyCode(page, "onceonly");
    await page.locator("[data-discount-refusal]").getByText("Code reeds gebruikt").waitFor();
    // The prices stay the package's own.
    expect(await page.locator('[data-tier="p1"] [data-price]').textContent()).toContain(euros(priceOf("p1")));
    await page.context().close();
  });

  it("checks the code again when the member pays: one switched off meanwhile is refused, and nothing is charged", async () => {
    const buyer = await createMember(suite.server, { siteId: BRAND, name: "Late" });
    await addCode("FLASH30", 30);
    const page = await signedIn(buyer, "/credits/p0?code=FLASH30");
    await page.locator('[data-discount-code="FLASH30"]').waitFor();
    await db().updateTable("discount_codes").set({ status: "disabled" }).where("site_id", "=", BRAND).where("code", "=", "FLASH30").execute();
    await hydrated(page);
    await page.getByRole("radio", { name: t("payment:methods.ideal") }).check();
    await page.locator('select[name="issuer_ideal"]').selectOption({ index: 1 });
    await page.getByRole("button", { name: t("payment:choose.pay", { price: euros(Math.round(priceOf("p0") * 0.7)) }) }).click();
    await page.locator("[data-problem]").getByText(t("payment:refused.discount_not_found")).waitFor();
    expect(await db().selectFrom("payments").select("id").where("account_id", "=", buyer.accountId).execute()).toEqual([]);
    await expectAccessible(page);
    await page.context().close();
  });
});

describe("the time bonus and the welcome discount", () => {
  it("counts down in the top banner, opens its popup 40 s in with no credits, remembers it was closed, and ends with a purchase", async () => {
    const fresh = await createMember(suite.server, { siteId: BRAND, name: "Newcomer", signedUpAgoMs: HOUR });
    await setCredits(fresh, 0);
    const page = await signedIn(fresh, "/members", { clock: true, viewport: PHONE });
    const banner = page.locator("[data-time-bonus]");
    await banner.waitFor();
    await hydrated(page);
    const shown = async () => Number(await banner.locator("[data-countdown]").getAttribute("data-countdown"));
    const start = await shown();
    // About three hours left: the server's clock decided, an hour after signup.
    expect(start).toBeGreaterThan(3 * 3600 - 120);
    expect(start).toBeLessThanOrEqual(3 * 3600);
    expect(await banner.textContent()).toMatch(/0[23]:\d\d:\d\d/);
    await page.clock.runFor(5_000);
    await expect.poll(shown).toBeLessThanOrEqual(start - 4);
    expect(await page.locator("[data-time-bonus-popup]").count()).toBe(0);
    await expectAccessible(page);
    await expectFitsPhone(page);

    await page.clock.runFor(40_000);
    const popup = page.getByRole("dialog", { name: t("credits:timeBonus.popupTitle", { percent: 25 }) });
    await popup.waitFor();
    await expectAccessible(page);
    await popup.getByRole("button", { name: t("modal.close") }).click();
    await popup.waitFor({ state: "detached" });
    await expect
      .poll(() => db().selectFrom("banner_dismissals").select("banner").where("account_id", "=", fresh.accountId).execute())
      .toEqual([{ banner: "time-bonus" }]);

    // Closed once: another visit's 40 s bring no popup.
    await page.reload();
    await banner.waitFor();
    await hydrated(page);
    await page.clock.runFor(45_000);
    await banner.locator("[data-countdown]").waitFor();
    expect(await page.locator("[data-time-bonus-popup]").count()).toBe(0);

    // The bonus is on the order: the member pays 25% less, and the purchase ends the bonus.
    await page.goto(`${origin()}/credits/p0`);
    await page.locator('[data-discount-code="TIMEBONUS25"]').waitFor();
    const lower = Math.round(priceOf("p0") * 0.75);
    await page.clock.resume();
    await payWithIdeal(page, euros(lower));
    await page.goto(`${origin()}/members`);
    await page.locator("main").waitFor();
    await hydrated(page);
    expect(await page.locator("[data-time-bonus]").count()).toBe(0);
    expect(await page.locator("[data-welcome-discount]").count()).toBe(0);
    const paid = await db().selectFrom("payments").select(["amount", "discount_code"]).where("account_id", "=", fresh.accountId).executeTakeFirstOrThrow();
    expect(paid).toEqual({ amount: lower, discount_code: "TIMEBONUS25" });
    await page.context().close();
  });

  it("shows the welcome discount with its hours left once the time bonus is over, on the banner and on /credits", async () => {
    const member = await createMember(suite.server, { siteId: BRAND, name: "Welcome", signedUpAgoMs: 10 * HOUR });
    const hoursLeft = site().welcome_discount_hours - 10;
    const page = await signedIn(member, "/likes");
    const banner = page.locator("[data-welcome-discount]");
    await banner.waitFor();
    expect(await banner.getAttribute("data-welcome-discount")).toBe(String(hoursLeft));
    await banner.getByText(t("credits:welcome.hoursLeft_other", { count: hoursLeft })).waitFor();
    expect(await page.locator("[data-time-bonus]").count()).toBe(0);
    await expectAccessible(page);

    await banner.getByRole("link", { name: t("credits:welcome.action") }).click();
    await page.waitForURL(/\/credits$/);
    const discount = page.locator('[data-active-discount="WELCOME25"]');
    await discount.waitFor();
    expect(await discount.locator("[data-hours-left]").getAttribute("data-hours-left")).toBe(String(hoursLeft));
    await expect.poll(() => page.locator('[data-tier="p1"] [data-price]').textContent()).toContain(euros(Math.round(priceOf("p1") * 0.75)));
    await expectAccessible(page);
    await page.context().close();
  });

  it("carries the offer to the direct-debit form: the mandate is for the lower amount", async () => {
    const member = await createMember(suite.server, { siteId: BRAND, name: "Incasso", signedUpAgoMs: 2 * HOUR });
    const lower = euros(Math.round(priceOf("p1") * 0.75));
    const page = await signedIn(member, "/credits/p1");
    await hydrated(page);
    await page.getByRole("radio", { name: t("payment:methods.directdebit") }).check();
    await page.getByRole("button", { name: t("payment:choose.pay", { price: lower }) }).click();
    await page.waitForURL(/\/directdebit\?package=p1&code=TIMEBONUS25$/);
    await page.locator('[data-discount-code="TIMEBONUS25"]').waitFor();
    expect(await page.locator("main").textContent()).toContain(lower);
    await expectAccessible(page);

    // Signed with the SMS code: the pending payment is for the lower amount and records the bonus.
    const phone = freshMobile();
    await hydrated(page);
    const field = (name: string) => page.getByLabel(t(`directdebit:fields.${name}`), { exact: true });
    await field("accountHolder").fill("Iris de Boer");
    await field("iban").fill(freshIban());
    await field("street").fill("Prinsengracht");
    await field("houseNumber").fill("7");
    await field("zip").fill("1015 DZ");
    await field("city").fill("Amsterdam");
    await field("phone").fill(phone);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: t("directdebit:sendCode") }).click();
    await page.locator('[data-direct-debit-step="code"] [data-discount-code="TIMEBONUS25"]').waitFor();
    let code = "";
    await expect
      .poll(async () => {
        const sms = (await readSmsOutbox(suite.server.dataDir, 1_000)).find((message) => message.to === phone);
        code = sms ? codeIn(sms.text) : "";
        return code;
      })
      .not.toBe("");
    await page.getByLabel(t("directdebit:code.label"), { exact: true }).fill(code);
    await page.getByRole("button", { name: t("directdebit:code.confirm") }).click();
    await page.locator('[data-direct-debit-step="confirmed"]').waitFor();
    const payment = await db().selectFrom("payments").select(["amount", "discount_code", "status"]).where("account_id", "=", member.accountId).executeTakeFirstOrThrow();
    expect(payment).toEqual({ amount: Math.round(priceOf("p1") * 0.75), discount_code: "TIMEBONUS25", status: "pending" });
    await page.context().close();
  });
});

