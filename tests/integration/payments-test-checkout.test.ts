import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../server/payments/money";
import { placeOrder, repeatOrder, type PlaceOrderInput } from "../../server/payments/orders";
import type { PaymentMethod } from "../../server/sites/payments";
import { createMember, sessionCookie } from "../support/accounts";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

const SITE = "flirt-nl";

describe("the test provider's hosted checkout: /payments/test-checkout/:reference", () => {
  let server: TestServer;
  let host: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { TEST_PAYMENTS_SETTLE_MS: "300" } });
    // With its port, as a browser sends it: the checkout reports to the webhook on this origin.
    host = `${SITE}.localhost:${server.port}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  let keys = 0;

  /** A signed-in member of flirt-nl with an open order, and calls on its checkout page. */
  async function ordered(method: PaymentMethod = "creditcard", issuer?: string) {
    const created = await createMember(server, { siteId: SITE });
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: created.accountId })).header;
    const site = server.sites.resolveHost(host)!;
    const input: PlaceOrderInput = {
      services: server.services,
      site,
      member: { accountId: created.accountId, profileId: created.profileId, email: created.email, language: "nl", country: "NL" },
      country: "NL",
      currency: "EUR",
      tier: "p1",
      method,
      issuer,
      orderKey: `checkout-test-${Date.now().toString(36)}-${(keys += 1)}`,
      origin: server.origin(SITE),
    };
    const result = await placeOrder(input);
    if (result.kind !== "checkout") throw new Error(`answered ${JSON.stringify(result)}`);
    const url = new URL(result.url);
    const page = (who = cookie) => requestAs(server.port, host, url.pathname, { cookie: who, "accept-language": "nl" });
    const choose = (outcome: string, who = cookie) =>
      requestAs(server.port, host, url.pathname, { cookie: who, "content-type": "application/x-www-form-urlencoded" }, { method: "POST", body: `outcome=${outcome}` });
    const payment = () => server.store.db.selectFrom("payments").selectAll().where("id", "=", result.paymentId).executeTakeFirstOrThrow();
    const account = () => server.store.db.selectFrom("accounts").select(["credits", "paid_user"]).where("id", "=", created.accountId).executeTakeFirstOrThrow();
    return { ...created, input, cookie, url, page, choose, payment, account, paymentId: result.paymentId };
  }

  it("shows the member a page that is plainly a test, with the brand, the amount, the method and the bank", async () => {
    const buyer = await ordered("ideal", "ideal_RABONL2U");
    const answer = await buyer.page();
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toContain("no-store");
    expect(answer.body).toContain("Testbetaling");
    expect(answer.body).toContain("FlirtNL");
    expect(answer.body).toContain(formatMoney(1995, "EUR", "nl"));
    expect(answer.body).toContain("iDEAL");
    expect(answer.body).toContain("Rabobank");
    for (const outcome of ["paid", "pending", "failed", "canceled", "expired"]) expect(answer.body).toContain(`value="${outcome}"`);
    // Only a card (or another method that leaves a mandate) can decline repeat orders.
    expect(answer.body).not.toContain('value="paid_declining"');
    expect((await (await ordered("creditcard")).page()).body).toContain('value="paid_declining"');
  });

  it("is the paying member's alone: a visitor signs in first, another member and an unknown reference find nothing", async () => {
    const buyer = await ordered();
    const visitor = await requestAs(server.port, host, buyer.url.pathname);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toContain("/login?redirectTo=");
    const other = await createMember(server, { siteId: SITE });
    const otherCookie = (await sessionCookie(server, { siteId: SITE, accountId: other.accountId })).header;
    expect((await buyer.page(otherCookie)).status).toBe(404);
    expect((await buyer.choose("paid", otherCookie)).status).toBe(404);
    expect((await requestAs(server.port, host, "/payments/test-checkout/tst_doesnotexist", { cookie: buyer.cookie })).status).toBe(404);
    expect((await buyer.payment()).status).toBe("open");
  });

  it("paid: the signed webhook adds the credits, stores the card for repeat orders, and the member returns to the shop", async () => {
    const buyer = await ordered("creditcard");
    const before = await buyer.account();
    const answer = await buyer.choose("paid");
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/credits/p1/creditcard?payment=${buyer.paymentId}`);
    expect((await buyer.payment()).status).toBe("paid");
    expect(await buyer.account()).toEqual({ credits: before.credits + 125, paid_user: true });
    const mandates = await server.store.db.selectFrom("payment_mandates").selectAll().where("account_id", "=", buyer.accountId).execute();
    expect(mandates.map((mandate) => [mandate.method, mandate.label, mandate.status])).toEqual([["creditcard", "Visa •••• 4242", "valid"]]);

    // A second click reports nothing again and changes nothing.
    const again = await buyer.choose("failed");
    expect(again.status).toBe(302);
    expect((await buyer.payment()).status).toBe("paid");
    expect((await buyer.account()).credits).toBe(before.credits + 125);
    const page = await buyer.page();
    expect(page.body).not.toContain('value="paid"');
    expect(page.body).toContain(`/credits/p1/creditcard?payment=${buyer.paymentId}`);
  });

  it("pending, then paid: pending at once, paid from a timer while the member waits", async () => {
    const buyer = await ordered("ideal", "ideal_INGBNL2A");
    const answer = await buyer.choose("pending");
    expect(answer.status).toBe(302);
    expect((await buyer.payment()).status).toBe("pending");
    const settled = await waitUntil(buyer.payment, (payment) => payment.status !== "pending");
    expect(settled.status).toBe("paid");
  });

  it.each(["failed", "canceled", "expired"])("%s: the payment ends so and adds nothing", async (outcome) => {
    const buyer = await ordered("ideal", "ideal_ABNANL2A");
    const before = await buyer.account();
    const answer = await buyer.choose(outcome);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/credits/p1/ideal?payment=${buyer.paymentId}`);
    expect((await buyer.payment()).status).toBe(outcome);
    expect(await buyer.account()).toEqual(before);
  });

  it("paid, declining repeat orders: the stored card fails the next charge", async () => {
    const buyer = await ordered("creditcard");
    expect((await buyer.choose("paid_declining")).status).toBe(302);
    const mandate = await server.store.db.selectFrom("payment_mandates").selectAll().where("account_id", "=", buyer.accountId).executeTakeFirstOrThrow();
    expect(mandate.label).toBe("Visa •••• 0002");
    expect((await buyer.payment()).status).toBe("paid");
    const paidCredits = (await buyer.account()).credits;

    const { method: _method, issuer: _issuer, ...input } = buyer.input;
    const repeat = await repeatOrder({ ...input, orderKey: `${input.orderKey}-repeat` });
    if (repeat.kind !== "charged") throw new Error(`answered ${JSON.stringify(repeat)}`);
    expect(repeat.returnPath).toBe(`/credits/p1/creditcard?payment=${repeat.paymentId}`);
    const charge = () => server.store.db.selectFrom("payments").select(["status", "sequence"]).where("id", "=", repeat.paymentId).executeTakeFirstOrThrow();
    expect(await waitUntil(charge, (payment) => payment.status !== "open")).toEqual({ status: "failed", sequence: "recurring" });
    expect((await buyer.account()).credits).toBe(paidCredits);
  });

  it("refuses an outcome it does not offer, in the member's language, and reports nothing", async () => {
    const buyer = await ordered("ideal", "ideal_SNSBNL2A");
    for (const outcome of ["settled", "paid_declining", ""]) {
      const answer = await buyer.choose(outcome);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("Kies een van de uitkomsten hieronder.");
    }
    expect((await buyer.payment()).status).toBe("open");
  });
});
