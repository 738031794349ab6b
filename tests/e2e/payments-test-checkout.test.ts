import { describe, expect, it } from "vitest";
import { formatMoney } from "../../server/payments/money";
import { placeOrder } from "../../server/payments/orders";
import type { PaymentMethod } from "../../server/sites/payments";
import { createMember, sessionCookie } from "../support/accounts";
import { hydrated, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const suite = browserSuite();

/** A member of a brand with an open order by a method, and a phone-sized browser signed in as them. */
async function checkout({ siteId, language, country, currency, method, issuer, javaScriptEnabled = true }: {
  siteId: string;
  language: string;
  country: string;
  currency: string;
  method: PaymentMethod;
  issuer?: string;
  javaScriptEnabled?: boolean;
}) {
  const { server, browser } = suite;
  const origin = server.origin(siteId);
  const site = server.sites.resolveHost(`${siteId}.localhost`)!;
  const member = await createMember(server, { siteId, language });
  const result = await placeOrder({
    services: server.services,
    site,
    member: { accountId: member.accountId, profileId: member.profileId, email: member.email, language, country },
    country,
    currency,
    tier: "p1",
    method,
    issuer,
    orderKey: `browser-${member.accountId}-${method}`,
    origin,
  });
  if (result.kind !== "checkout") throw new Error(`answered ${JSON.stringify(result)}`);
  const context = await returningVisitor(browser, origin, { viewport: PHONE, country, javaScriptEnabled });
  const cookie = await sessionCookie(server, { siteId, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  const page = await context.newPage();
  await page.goto(result.url);
  const status = () => server.store.db.selectFrom("payments").select("status").where("id", "=", result.paymentId).executeTakeFirstOrThrow().then((row) => row.status);
  return { page, paymentId: result.paymentId, status, price: site.packages.find((pack) => pack.tier === "p1")!.prices[currency]! };
}

describe("the test checkout in a browser", () => {
  it("bbw-us in English: a plainly marked test page, usable on a phone; Paid returns to the shop paid", async () => {
    const { page, paymentId, status, price } = await checkout({ siteId: "bbw-us", language: "en", country: "US", currency: "USD", method: "creditcard" });
    const t = (key: string) => text("en", `checkout:${key}`);
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(t("title"));
    expect(await page.getByText(formatMoney(price, "USD", "en"), { exact: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: t("outcomes.paid_declining") }).count()).toBe(1);
    await expectAccessible(page);
    await expectFitsPhone(page);

    await page.getByRole("button", { name: t("outcomes.paid"), exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/credits/p1/creditcard" && url.searchParams.get("payment") === String(paymentId));
    expect(await status()).toBe("paid");
    await page.context().close();
  });

  it("flirt-nl in Dutch without JavaScript: the chosen bank is shown, and Failed returns to the shop failed", async () => {
    const { page, paymentId, status } = await checkout({
      siteId: "flirt-nl",
      language: "nl",
      country: "NL",
      currency: "EUR",
      method: "ideal",
      issuer: "ideal_ASNBNL21",
      javaScriptEnabled: false,
    });
    const t = (key: string) => text("nl", `checkout:${key}`);
    expect(await page.getByText("ASN Bank", { exact: true }).count()).toBe(1);
    expect(await page.getByText("iDEAL", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: t("outcomes.paid_declining") }).count()).toBe(0);
    await expectFitsPhone(page);

    await page.getByRole("button", { name: t("outcomes.failed") }).click();
    await page.waitForURL((url) => url.pathname === "/credits/p1/ideal" && url.searchParams.get("payment") === String(paymentId));
    expect(await status()).toBe("failed");
    await page.context().close();
  });
});
