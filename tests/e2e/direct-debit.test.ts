import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../server/payments/money";
import { readSmsOutbox } from "../../server/sms/folder";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, PHONE, hydrated, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";
import { blockIban, codeIn, freshIban, freshMobile, typedIban } from "../support/direct-debit";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const suite = browserSuite();
const BRAND = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
const origin = () => suite.server.origin(BRAND);

type Someone = Awaited<ReturnType<typeof createMember>>;

function packageOf(tier: string) {
  const found = suite.server.sites.byId(BRAND)!.packages.find((item) => item.tier === tier)!;
  return { credits: found.credits, amount: found.prices.EUR!, price: formatMoney(found.prices.EUR!, "EUR", "nl") };
}

async function signedIn(member: Someone, pathname: string, { viewport = DESKTOP, javaScriptEnabled = true } = {}): Promise<Page> {
  const context = await returningVisitor(suite.browser, origin(), { viewport, country: "NL", javaScriptEnabled });
  const cookie = await sessionCookie(suite.server, { siteId: BRAND, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin() }]);
  const page = await context.newPage();
  await page.goto(origin() + pathname);
  return page;
}

const field = (page: Page, name: string) => page.getByLabel(t(`directdebit:fields.${name}`), { exact: true });

/** The form filled as a member types it; the mandate box ticked. */
async function fillForm(page: Page, { iban, phone }: { iban: string; phone: string }) {
  await field(page, "accountHolder").fill("Jan de Vries");
  await field(page, "iban").fill(iban);
  await field(page, "street").fill("Keizersgracht");
  await field(page, "houseNumber").fill("12a");
  await field(page, "zip").fill("1015 AA");
  await field(page, "city").fill("Amsterdam");
  await field(page, "phone").fill(phone);
  await page.getByRole("checkbox").check();
}

/** The code the SMS outbox holds for a phone (E.164), waiting for it to be written; `after` older ones skipped. */
async function smsCode(phone: string, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await readSmsOutbox(suite.server.dataDir, 1_000)).filter((message) => message.to === phone && message.siteId === BRAND);
      found = messages.length > after ? codeIn(messages[0]!.text) : undefined;
      return found;
    })
    .toBeDefined();
  return found!;
}

const smsCount = async (phone: string) => (await readSmsOutbox(suite.server.dataDir, 1_000)).filter((message) => message.to === phone).length;
const paymentsOf = (member: Someone) => suite.server.store.db.selectFrom("payments").selectAll().where("account_id", "=", member.accountId).execute();
const step = (page: Page, name: string) => page.locator(`[data-direct-debit-step="${name}"]`).waitFor({ timeout: 20_000 });
const wrongCode = (right: string) => (right === "000000" ? "111111" : "000000");

describe("paying by direct debit on flirt-nl", () => {
  it("from the method picker through the form and the SMS code to a pending payment, on a 360 px phone", async () => {
    const member = await createMember(suite.server, { siteId: BRAND, name: "Debtor" });
    const p1 = packageOf("p1");
    const iban = freshIban();
    const phone = freshMobile();
    const page = await signedIn(member, "/credits/p1", { viewport: PHONE });
    await hydrated(page);
    await page.getByRole("radio", { name: t("payment:methods.directdebit") }).check();
    await page.getByRole("button", { name: t("payment:choose.pay", { price: p1.price }) }).click();
    await page.waitForURL(/\/directdebit\?package=p1$/);
    await step(page, "form");
    await page.getByRole("heading", { name: t("directdebit:title") }).waitFor();
    await page.getByText(p1.price, { exact: true }).first().waitFor();
    // The mandate states itself in plain words: who collects, under which id, how much.
    const creditor = suite.server.sites.byId(BRAND)!.direct_debit!;
    await page.getByText(t("directdebit:mandate.text_other", { creditor: creditor.creditor_name, creditorId: creditor.creditor_id, price: p1.price, count: p1.credits })).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);

    await hydrated(page);
    await fillForm(page, { iban: typedIban(iban), phone: `0${phone.slice(3)}` });
    await page.getByRole("button", { name: t("directdebit:sendCode") }).click();
    await page.waitForURL(/\/directdebit\?mandate=FLIRTNL-\d+$/);
    await step(page, "code");
    const masked = `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`;
    await page.getByText(t("directdebit:code.forAccount", { iban: masked })).waitFor();
    const code = await smsCode(phone);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // A wrong code first: 'Code ongeldig', and the tries left.
    await hydrated(page);
    await page.getByLabel(t("directdebit:code.label")).fill(wrongCode(code));
    await page.getByRole("button", { name: t("directdebit:code.confirm") }).click();
    await page.getByText(t("errors.codeInvalid"), { exact: true }).waitFor();
    await page.getByText(t("directdebit:code.attemptsLeft_other", { count: 4 })).waitFor();
    expect(await paymentsOf(member)).toEqual([]);

    await page.getByLabel(t("directdebit:code.label")).fill(code);
    await page.getByRole("button", { name: t("directdebit:code.confirm") }).click();
    await page.locator('[data-payment-state="pending"]').waitFor({ timeout: 20_000 });
    await page.getByRole("heading", { name: t("directdebit:state.pending.title") }).waitFor();
    await page.getByText(t("directdebit:state.pending.text_other", { price: p1.price, iban: masked, count: p1.credits })).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);
    // The raw IBAN is on no page the member sees.
    expect(await page.content()).not.toContain(iban.slice(4, 12));

    const payments = await paymentsOf(member);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: "sepa", method: "directdebit", status: "pending", amount: p1.amount, credits: p1.credits });

    // Reachable again after a reload: the mandate's own address shows the same state.
    await page.reload();
    await page.locator('[data-payment-state="pending"]').waitFor();
    expect(await paymentsOf(member)).toHaveLength(1);
    await page.context().close();
  });

  it("works without JavaScript: an invalid IBAN is named beside its field, what was typed stays, and a wrong code says 'Code ongeldig'", async () => {
    const member = await createMember(suite.server, { siteId: BRAND, name: "Plain" });
    const iban = freshIban();
    const phone = freshMobile();
    const page = await signedIn(member, "/directdebit?package=p0", { javaScriptEnabled: false });
    await step(page, "form");
    // One character off: the check digits no longer match.
    const typo = iban.slice(0, -1) + String((Number(iban.at(-1)) + 1) % 10);
    await fillForm(page, { iban: typo, phone });
    await page.getByRole("button", { name: t("directdebit:sendCode") }).click();
    await page.getByText(t("directdebit:errors.iban.checksum")).waitFor();
    expect(await field(page, "iban").getAttribute("aria-invalid")).toBe("true");
    expect(await field(page, "street").inputValue()).toBe("Keizersgracht");
    expect(await field(page, "zip").inputValue()).toBe("1015 AA");
    expect(await page.getByRole("checkbox").isChecked()).toBe(true);
    expect(await smsCount(phone)).toBe(0);

    await field(page, "iban").fill(iban);
    await page.getByRole("button", { name: t("directdebit:sendCode") }).click();
    await step(page, "code");
    const code = await smsCode(phone);
    await page.getByLabel(t("directdebit:code.label")).fill(wrongCode(code));
    await page.getByRole("button", { name: t("directdebit:code.confirm") }).click();
    await page.getByText(t("errors.codeInvalid"), { exact: true }).waitFor();

    // A new code, then the right one.
    await page.getByRole("button", { name: t("directdebit:code.resend") }).click();
    await page.getByText(t("directdebit:code.resent")).waitFor();
    const newCode = await smsCode(phone, 1);
    await page.getByLabel(t("directdebit:code.label")).fill(newCode);
    await page.getByRole("button", { name: t("directdebit:code.confirm") }).click();
    await page.locator('[data-payment-state="pending"]').waitFor();
    expect(await paymentsOf(member)).toHaveLength(1);
    await page.context().close();
  });

  it("a blocked IBAN gets 'Je account is geblokkeerd voor automatische incasso.' and no SMS", async () => {
    const member = await createMember(suite.server, { siteId: BRAND, name: "Blocked" });
    const iban = freshIban();
    const phone = freshMobile();
    await blockIban(suite.server.store.db, suite.server.services.ibanVault, iban);
    const page = await signedIn(member, "/directdebit?package=p0", { viewport: PHONE });
    await step(page, "form");
    await hydrated(page);
    await fillForm(page, { iban, phone });
    await page.getByRole("button", { name: t("directdebit:sendCode") }).click();
    await page.getByRole("alert").getByText("Je account is geblokkeerd voor automatische incasso.").waitFor();
    await page.getByRole("link", { name: t("directdebit:otherMethod") }).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);
    expect(await smsCount(phone)).toBe(0);
    expect(await suite.server.store.db.selectFrom("direct_debit_mandates").select("id").where("account_id", "=", member.accountId).execute()).toEqual([]);
    await page.context().close();
  });

  it("five wrong codes void the mandate: the member reads why and starts again", async () => {
    const member = await createMember(suite.server, { siteId: BRAND, name: "Fumbling" });
    const phone = freshMobile();
    const page = await signedIn(member, "/directdebit?package=p0", { viewport: PHONE });
    await step(page, "form");
    await hydrated(page);
    await fillForm(page, { iban: freshIban(), phone });
    await page.getByRole("button", { name: t("directdebit:sendCode") }).click();
    await step(page, "code");
    const wrong = wrongCode(await smsCode(phone));
    for (let left = 4; left >= 1; left -= 1) {
      await page.getByLabel(t("directdebit:code.label")).fill(wrong);
      await page.getByRole("button", { name: t("directdebit:code.confirm") }).click();
      await page.getByText(t(left === 1 ? "directdebit:code.attemptsLeft_one" : "directdebit:code.attemptsLeft_other", { count: left })).waitFor();
    }
    await page.getByLabel(t("directdebit:code.label")).fill(wrong);
    await page.getByRole("button", { name: t("directdebit:code.confirm") }).click();
    await step(page, "void");
    await page.getByText(t("directdebit:errors.tooManyWrongCodes")).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);
    expect(await paymentsOf(member)).toEqual([]);
    // Reloaded, it is still void; starting again opens a fresh form.
    await page.reload();
    await step(page, "void");
    await page.getByRole("link", { name: t("directdebit:void.startAgain") }).click();
    await step(page, "form");
    await page.context().close();
  });

  it("is only for signed-in members, only where the brand offers it, and a mandate only for its own member", async () => {
    const visitor = await returningVisitor(suite.browser, origin(), { country: "NL" });
    const page = await visitor.newPage();
    await page.goto(`${origin()}/directdebit?package=p1`);
    await page.waitForURL(/\/login\?redirectTo=/);
    await visitor.close();
    const member = await createMember(suite.server, { siteId: "bbw-us", name: "Elsewhere" });
    const context = await returningVisitor(suite.browser, suite.server.origin("bbw-us"), { country: "US" });
    const cookie = await sessionCookie(suite.server, { siteId: "bbw-us", accountId: member.accountId });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: suite.server.origin("bbw-us") }]);
    const response = await (await context.newPage()).goto(`${suite.server.origin("bbw-us")}/directdebit?package=p1`);
    expect(response?.status()).toBe(404);
    await context.close();

    // Someone else's mandate is nobody's to see or sign: the same 404 as a mandate that does not exist.
    const owner = await createMember(suite.server, { siteId: BRAND, name: "Owner" });
    const stranger = await createMember(suite.server, { siteId: BRAND, name: "Stranger" });
    const ownerPage = await signedIn(owner, "/directdebit?package=p0");
    await hydrated(ownerPage);
    const phone = freshMobile();
    await fillForm(ownerPage, { iban: freshIban(), phone });
    await ownerPage.getByRole("button", { name: t("directdebit:sendCode") }).click();
    await ownerPage.waitForURL(/\?mandate=/);
    const strangerPage = await signedIn(stranger, "/members");
    const seen = await strangerPage.goto(ownerPage.url());
    expect(seen?.status()).toBe(404);
    const code = await smsCode(phone);
    // The right code, posted by the stranger's own browser as the form would: refused all the same.
    const posted = await strangerPage.evaluate(
      async ({ url, code }) => (await fetch(url, { method: "POST", body: new URLSearchParams({ intent: "confirm", code }) })).status,
      { url: ownerPage.url(), code },
    );
    expect(posted).toBe(404);
    expect(await paymentsOf(owner)).toEqual([]);
    await ownerPage.context().close();
    await strangerPage.context().close();
  });
});
