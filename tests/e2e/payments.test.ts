import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../server/payments/money";
import { addPhoto } from "../../server/photos/photos";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, hydrated, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

// "Pending, then paid" settles soon, so the page is seen waiting and then completing.
const suite = browserSuite({ env: { TEST_PAYMENTS_SETTLE_MS: "2500" } });

type Brand = { id: string; language: string; country: string; method: string; bank: boolean };
const FLIRT: Brand = { id: "flirt-nl", language: "nl", country: "NL", method: "ideal", bank: true };
const BBW: Brand = { id: "bbw-us", language: "en", country: "US", method: "creditcard", bank: false };

type Someone = Awaited<ReturnType<typeof createMember>>;

const words = (brand: Brand) => (key: string, values?: Record<string, string | number>) => text(brand.language, key, values);
const origin = (brand: Brand) => suite.server.origin(brand.id);
const site = (brand: Brand) => suite.server.sites.byId(brand.id)!;

/** The package of a tier as the brand sells it to the brand's country, and its price as the page writes it. */
function packageOf(brand: Brand, tier: string) {
  const found = site(brand).packages.find((item) => item.tier === tier)!;
  const currency = site(brand).currencies[brand.country as keyof ReturnType<typeof site>["currencies"]]!;
  return { credits: found.credits, price: formatMoney(found.prices[currency]!, currency, brand.language) };
}

async function signedIn(brand: Brand, member: Someone, pathname: string, { viewport = DESKTOP, javaScriptEnabled = true } = {}): Promise<Page> {
  const context = await returningVisitor(suite.browser, origin(brand), { viewport, country: brand.country, javaScriptEnabled });
  const cookie = await sessionCookie(suite.server, { siteId: brand.id, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin(brand) }]);
  const page = await context.newPage();
  await recordToasts(page);
  await page.goto(origin(brand) + pathname);
  return page;
}

/**
 * Every toast text the page showed, kept by the page itself: a toast leaves after a few seconds,
 * which a busy machine can let pass between two checks.
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-toasts] [data-toast]")) {
        const words = toast.textContent ?? "";
        if (!seen.includes(words)) seen.push(words);
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

const toastShown = (page: Page, words: string) =>
  page.waitForFunction((words) => (window as unknown as { toastsSeen?: string[] }).toastsSeen?.some((seen) => seen.includes(words)), words, { timeout: 20_000 });

const state = (page: Page, name: string) => page.locator(`[data-payment-state="${name}"]`).waitFor({ timeout: 20_000 });

/** From the method screen through the test checkout, choosing what the bank decides; back on the return page. */
async function pay(page: Page, brand: Brand, { tier, method, outcome }: { tier: string; method: string; outcome: string }) {
  const t = words(brand);
  await hydrated(page);
  await page.getByRole("radio", { name: t(`payment:methods.${method}`) }).check();
  if (method === "ideal") await page.locator('select[name="issuer_ideal"]').selectOption({ index: 1 });
  await page.getByRole("button", { name: t("payment:choose.pay", { price: packageOf(brand, tier).price }) }).click();
  await page.waitForURL(/\/payments\/test-checkout\//);
  await page.getByRole("button", { name: t(`checkout:outcomes.${outcome}`), exact: true }).click();
  await page.waitForURL(/\?payment=\d+$/);
  return Number(new URL(page.url()).searchParams.get("payment"));
}

const balanceOf = async (member: Someone) =>
  (await suite.server.store.db.selectFrom("accounts").select(["credits", "paid_user"]).where("id", "=", member.accountId).executeTakeFirstOrThrow());

const image = (hue: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 90, b: 255 - hue } } }).jpeg().toBuffer();

/** A profile with three photos: a free viewer sees one, a premium viewer all three. */
async function pictured(brand: Brand) {
  const owner = await createMember(suite.server, { siteId: brand.id, name: "Pictured" });
  for (let i = 0; i < 3; i += 1) {
    const added = await addPhoto({ db: suite.server.store.db, storage: suite.server.services.photos, site: site(brand), profileId: owner.profileId, accountId: owner.accountId, bytes: await image(70 * i) });
    expect(added.ok).toBe(true);
  }
  return owner;
}

/** A message sent the way the app's own script sends it. */
const apiSend = (page: Page, profile: number) =>
  page.evaluate(async (profile) => {
    const response = await fetch("/api/chat.php", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ profile, body: "Hi there", client_id: crypto.randomUUID() }) });
    return response.status;
  }, profile);

describe.each([FLIRT, BBW])("buying credits on $id", (brand) => {
  const t = words(brand);

  it("a free member buys a package and sees it completed, the toast, the new balance and premium", async () => {
    const buyer = await createMember(suite.server, { siteId: brand.id, name: "Buyer" });
    const owner = await pictured(brand);
    const before = await balanceOf(buyer);
    const page = await signedIn(brand, buyer, "/credits/p1", { viewport: PHONE });
    await page.getByRole("heading", { name: t("payment:choose.title") }).waitFor();
    await page.getByText(t("payment:summary.credits_other", { count: packageOf(brand, "p1").credits })).waitFor();
    await page.getByRole("link", { name: t("nav.premium") }).first().waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);

    await pay(page, brand, { tier: "p1", method: brand.method, outcome: "paid" });
    await state(page, "completed");
    const balance = before.credits + packageOf(brand, "p1").credits;
    await page.getByText(t("payment:state.completed.balance_other", { count: balance })).waitFor();
    await toastShown(page, t("payment:completed.toast"));
    // The top bar follows: credits for a paying member instead of "get premium".
    await page.getByRole("link", { name: t("nav.credits") }).first().waitFor();
    expect(await page.getByRole("link", { name: t("nav.premium") }).count()).toBe(0);
    expect(await balanceOf(buyer)).toEqual({ credits: balance, paid_user: true });
    await expectAccessible(page);
    await expectFitsPhone(page);

    // Premium: every photo of a profile, the 25-photo limit, and no limit on conversations.
    await page.goto(`${origin(brand)}/members/${owner.profileId}`);
    await page.locator("main img").nth(2).waitFor();
    await page.goto(`${origin(brand)}/profile`);
    await page.getByText(t("members:edit.photoCount", { count: 0, limit: 25 })).waitFor();
    const others = await Promise.all([1, 2, 3].map((i) => createMember(suite.server, { siteId: brand.id, name: `Other${i}` })));
    for (const other of others) expect(await apiSend(page, other.profileId)).toBe(200);
    await page.context().close();
  });

  it("a failed payment says so and offers the other methods first; paying with one of them completes", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Unlucky" });
    const page = await signedIn(brand, member, `/credits/p0/${brand.method}`);
    await pay(page, brand, { tier: "p0", method: brand.method, outcome: "failed" });
    await state(page, "failed");
    await page.getByRole("heading", { name: t("errors.paymentFailedTitle") }).first().waitFor();
    await page.getByText(t("errors.paymentFailedText")).waitFor();
    const tiles = page.locator("[data-method]");
    expect(await tiles.last().getAttribute("data-method")).toBe(brand.method);
    await tiles.last().getByText(t("payment:retry.failedMethod")).waitFor();
    expect(await tiles.first().locator("input").isChecked()).toBe(true);
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectFitsPhone(page);

    await pay(page, brand, { tier: "p0", method: "paypal", outcome: "paid" });
    await state(page, "completed");
    expect((await balanceOf(member)).paid_user).toBe(true);
    await page.context().close();
  });

  it("a payment that is pending completes while the page waits", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Patient" });
    const page = await signedIn(brand, member, "/credits/p0");
    await pay(page, brand, { tier: "p0", method: brand.method, outcome: "pending" });
    await state(page, "pending");
    await page.getByRole("heading", { name: t("payment:state.pending.title") }).waitFor();
    await expectAccessible(page);
    await state(page, "completed");
    await toastShown(page, t("payment:completed.toast"));
    await page.context().close();
  });
});

describe("repeat orders and transactions on bbw-us", () => {
  const brand = BBW;
  const t = words(brand);

  it("buys again with the stored card in one click; /transactions lists it all and the receipt opens", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Regular" });
    const page = await signedIn(brand, member, "/credits/p1/creditcard");
    const first = await pay(page, brand, { tier: "p1", method: "creditcard", outcome: "paid" });
    await state(page, "completed");

    await page.goto(`${origin(brand)}/credits/repeat-order`);
    await page.locator("[data-mandate]").waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: t("payment:repeat.buyAgain", { price: packageOf(brand, "p1").price }) }).click();
    await page.waitForURL(/\?payment=\d+$/);
    const second = Number(new URL(page.url()).searchParams.get("payment"));
    expect(second).not.toBe(first);
    await state(page, "completed");

    await page.goto(`${origin(brand)}/transactions`);
    await page.getByRole("heading", { name: t("payment:transactions.title") }).waitFor();
    const rows = page.locator("[data-transaction]");
    // Newest first: the repeat, the first purchase, then the welcome credits.
    expect(await rows.nth(0).getAttribute("data-transaction")).toBe(`p${second}`);
    expect(await rows.nth(1).getAttribute("data-transaction")).toBe(`p${first}`);
    await rows.last().getByText(t("payment:reasons.signup")).waitFor();
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectFitsPhone(page);

    await rows.nth(1).getByRole("link").click();
    await page.waitForURL(new RegExp(`/transactions/${first}$`));
    const receipt = page.locator(`[data-receipt="${first}"]`);
    await receipt.getByText(site(brand).company.name).waitFor();
    await receipt.getByText(t("payment:receipt.vatIncluded")).waitFor();
    await receipt.getByText(packageOf(brand, "p1").price).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);

    // Another member's receipt does not exist for them.
    const stranger = await createMember(suite.server, { siteId: brand.id, name: "Stranger" });
    const other = await signedIn(brand, stranger, "/transactions");
    expect((await other.goto(`${origin(brand)}/transactions/${first}`))?.status()).toBe(404);
    await other.context().close();
    await page.context().close();
  });

  it("a declined recurring charge shows the recurring-card-failed text with a retry and PayPal", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Declined" });
    const page = await signedIn(brand, member, "/credits/p0/creditcard");
    await pay(page, brand, { tier: "p0", method: "creditcard", outcome: "paid_declining" });
    await state(page, "completed");
    await page.goto(`${origin(brand)}/credits/repeat-order`);
    await page.getByRole("button", { name: t("payment:repeat.buyAgain", { price: packageOf(brand, "p0").price }) }).click();
    await page.waitForURL(/\?payment=\d+$/);
    await state(page, "failed");

    await page.goto(`${origin(brand)}/credits/repeat-order`);
    const alert = page.locator("[data-recurring-failed]");
    await alert.getByText(t("payment:repeat.failedText")).waitFor();
    expect(await alert.getByRole("link", { name: t("payment:repeat.payPal") }).getAttribute("href")).toBe("/credits/p0/paypal");
    await page.getByRole("button", { name: t("payment:repeat.retry", { price: packageOf(brand, "p0").price }) }).waitFor();
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectFitsPhone(page);
    await alert.getByRole("link", { name: t("payment:repeat.payPal") }).click();
    await page.waitForURL(/\/credits\/p0\/paypal$/);
    expect(await page.getByRole("radio", { name: t("payment:methods.paypal") }).isChecked()).toBe(true);
    await page.context().close();
  });

  it("without JavaScript the return page shows the state and a link to check again", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "NoScript" });
    const db = suite.server.store.db;
    const { id } = await db
      .insertInto("payments")
      .values({ site_id: brand.id, account_id: member.accountId, package: "p0", credits: 50, amount: 995, currency: "USD", method: "creditcard", provider: "test", order_key: "no-script-order-key-1", status: "pending", expires_at: new Date(Date.now() + 3_600_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = await signedIn(brand, member, `/credits/p0/creditcard?payment=${id}`, { javaScriptEnabled: false });
    await page.getByRole("heading", { name: t("payment:state.pending.title") }).waitFor();
    expect(await page.getByRole("link", { name: t("payment:state.pending.check") }).getAttribute("href")).toBe(`/credits/p0/creditcard?payment=${id}`);
    await db.updateTable("payments").set({ status: "failed" }).where("id", "=", id).execute();
    await page.getByRole("link", { name: t("payment:state.pending.check") }).click();
    await page.getByText(t("errors.paymentFailedText")).waitFor();
    await page.context().close();
  });
});
