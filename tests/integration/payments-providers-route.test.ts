import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeCredits } from "../../server/credits/ledger";
import { placeOrder, repeatOrder, type OrderMember } from "../../server/payments/orders";
import { refundPayment } from "../../server/payments/settle";
import { createMember, sessionCookie } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { startMollieStandIn, type MollieStandIn } from "../support/mollie-stand-in";
import { copyDemoSites } from "../support/site-fixtures";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";

/**
 * Mollie and Verotel end to end: orders placed through the real order path, then the providers'
 * reports delivered over HTTP to /payments/webhook/:provider on the brand hosts, honest and hostile.
 * flirt-nl and gay-uk sell through Mollie (its local stand-in), milf-de through Verotel FlexPay.
 */

const MOLLIE = "flirt-nl";
const OTHER_MOLLIE = "gay-uk";
const VEROTEL = "milf-de";
const SHOP_ID = "117040";
const SIGNATURE_KEY = randomBytes(16).toString("hex");

describe("Mollie and Verotel through the server's webhook route", () => {
  let server: TestServer;
  let mollie: MollieStandIn;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    mollie = await startMollieStandIn();
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const sitesDir = await copyDemoSites();
    for (const [siteId, provider] of [[MOLLIE, "mollie"], [OTHER_MOLLIE, "mollie"], [VEROTEL, "verotel"]]) {
      const file = path.join(sitesDir, `${siteId}.json`);
      await writeFile(file, JSON.stringify({ ...(JSON.parse(await readFile(file, "utf8")) as object), payment_provider: provider }));
    }
    server = await startTestServer({
      sitesDir,
      databaseUrl: database.url,
      env: { MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url, VEROTEL_SHOP_ID: SHOP_ID, VEROTEL_SIGNATURE_KEY: SIGNATURE_KEY },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await mollie?.close();
    await drop?.();
  });

  const db = () => server.store.db;
  const host = (siteId: string) => `${siteId}.localhost:${server.port}`;
  const site = (siteId: string) => server.sites.byId(siteId)!;

  async function member(siteId: string): Promise<OrderMember & { cookie: string }> {
    const made = await createMember(server, { siteId });
    const account = await db().selectFrom("accounts").select(["language", "country"]).where("id", "=", made.accountId).executeTakeFirstOrThrow();
    const cookie = (await sessionCookie(server, { siteId, accountId: made.accountId })).header;
    return { accountId: made.accountId, profileId: made.profileId, email: made.email, language: account.language, country: account.country, cookie };
  }

  const account = (id: number) => db().selectFrom("accounts").select(["credits", "paid_user", "purchases_blocked_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  const payment = (id: number) => db().selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const ledger = (accountId: number, reason: "purchase" | "refund" | "chargeback") =>
    db().selectFrom("credit_ledger").select(["delta", "idempotency_key"]).where("account_id", "=", accountId).where("reason", "=", reason).orderBy("id").execute();
  const orderInput = (buyer: OrderMember, siteId: string, overrides: Partial<Parameters<typeof placeOrder>[0]> = {}) => ({
    services: server.services,
    site: site(siteId),
    member: buyer,
    country: buyer.country,
    currency: "EUR",
    tier: "p1" as const,
    method: "creditcard" as const,
    orderKey: randomUUID(),
    origin: server.origin(siteId),
    ...overrides,
  });

  describe("Mollie, against its local stand-in", () => {
    const deliver = (id: string, siteId = MOLLIE) =>
      requestAs(server.port, host(siteId), "/payments/webhook/mollie", { "content-type": "application/x-www-form-urlencoded" }, { method: "POST", body: `id=${id}` });

    let buyer: OrderMember & { cookie: string };
    let paymentId: number;
    let reference: string;
    let paidBalance: number;

    it("sends the member from the order form to Mollie's checkout, a first card payment on a new customer", async () => {
      buyer = await member(MOLLIE);
      const form = new URLSearchParams({ method: "creditcard", order_key: randomUUID() }).toString();
      const answer = await requestAs(
        server.port,
        host(MOLLIE),
        "/credits/p1",
        { cookie: buyer.cookie, origin: server.origin(MOLLIE), "content-type": "application/x-www-form-urlencoded" },
        { method: "POST", body: form },
      );
      expect(answer.status).toBe(302);
      const [row] = await db().selectFrom("payments").selectAll().where("account_id", "=", buyer.accountId).execute();
      expect(row).toMatchObject({ provider: "mollie", status: "open", sequence: "first", amount: 1995, currency: "EUR", credits: 125, method: "creditcard" });
      paymentId = row!.id;
      reference = row!.provider_reference!;
      const atMollie = mollie.payments.get(reference)!;
      expect(answer.headers.location).toBe(`${mollie.url.replace(/\/v2\/$/, "")}/checkout/select-method/${reference.slice(3)}`);
      expect(atMollie).toMatchObject({ sequenceType: "first", amount: { currency: "EUR", value: "19.95" }, metadata: { payment_id: paymentId, site: MOLLIE } });
      expect(atMollie.customerId).toMatch(/^cst_/);
      expect(atMollie.webhookUrl).toBe(`${server.origin(MOLLIE)}/payments/webhook/mollie`);
    });

    it("credits the paid payment once from Mollie's webhook, makes the member paying and stores the card's mandate", async () => {
      const before = await account(buyer.accountId);
      const open = await deliver(reference);
      expect(open.status).toBe(200);
      expect(await account(buyer.accountId)).toEqual(before);

      mollie.setPayment(reference, { status: "paid", settlement: "19.46" });
      const answer = await deliver(reference);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe("");
      expect(await account(buyer.accountId)).toMatchObject({ credits: before.credits + 125, paid_user: true });
      expect(await payment(paymentId)).toMatchObject({ status: "paid", transaction_costs: 49, provider_reference: reference });
      const mandates = await db().selectFrom("payment_mandates").selectAll().where("account_id", "=", buyer.accountId).execute();
      const atMollie = mollie.payments.get(reference)!;
      expect(mandates).toMatchObject([
        { provider: "mollie", site_id: MOLLIE, customer_reference: atMollie.customerId, mandate_reference: atMollie.mandateId, method: "creditcard", label: "Mastercard •••• 6787", status: "valid" },
      ]);
      paidBalance = before.credits + 125;
    });

    it("grants once when the paid webhook comes 10 times at once", async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(reference)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(await ledger(buyer.accountId, "purchase")).toEqual([{ delta: 125, idempotency_key: `payment:${paymentId}` }]);
      expect((await account(buyer.accountId)).credits).toBe(paidBalance);
    });

    it("answers 404 to a payment id Mollie does not know, and changes nothing", async () => {
      const events = await db().selectFrom("payment_events").select("id").execute();
      const forged = await deliver("tr_unknown");
      expect(forged.status).toBe(404);
      expect(forged.body).toBe("unknown_payment");
      expect((await deliver("not-a-payment")).status).toBe(400);
      expect(await account(buyer.accountId)).toMatchObject({ credits: paidBalance, paid_user: true });
      expect(await db().selectFrom("payment_events").select("id").execute()).toHaveLength(events.length);
    });

    it("refuses the payment's webhook on another brand's host, Mollie's or not", async () => {
      const before = await payment(paymentId);
      const otherMollie = await deliver(reference, OTHER_MOLLIE);
      expect(otherMollie.status).toBe(400);
      expect(otherMollie.body).toBe("wrong_site");
      const verotelBrand = await deliver(reference, VEROTEL);
      expect(verotelBrand.status).toBe(404);
      expect(await payment(paymentId)).toEqual(before);
      expect((await account(buyer.accountId)).credits).toBe(paidBalance);
    });

    it("refunds within refund_days: Mollie takes it, its webhook confirms, the credits go back once", async () => {
      const late = new Date(Date.now() + (site(MOLLIE).refund_days + 1) * 86_400_000);
      expect(await refundPayment({ services: server.services, site: site(MOLLIE), paymentId, now: late })).toEqual({ kind: "refused", reason: "refund_window_passed" });
      expect(mollie.requests.some((request) => request.path.endsWith("/refunds"))).toBe(false);

      expect(await refundPayment({ services: server.services, site: site(MOLLIE), paymentId })).toEqual({ kind: "pending" });
      const asked = mollie.requests.filter((request) => request.method === "POST" && request.path === `/v2/payments/${reference}/refunds`);
      expect(asked.map((request) => request.body?.amount)).toEqual([{ currency: "EUR", value: "19.95" }]);
      expect((await payment(paymentId)).status).toBe("paid");

      const answers = await Promise.all([deliver(reference), deliver(reference)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(await payment(paymentId)).toMatchObject({ status: "refunded", credits_taken_back: 125, credits_not_taken_back: 0 });
      expect(await ledger(buyer.accountId, "refund")).toEqual([{ delta: -125, idempotency_key: `refund:${paymentId}` }]);
      expect((await account(buyer.accountId)).credits).toBe(paidBalance - 125);
      expect(await refundPayment({ services: server.services, site: site(MOLLIE), paymentId })).toEqual({ kind: "refused", reason: "not_paid" });
    });

    it("charges the stored mandate for a repeat order without a checkout, credited by the webhook", async () => {
      const before = await account(buyer.accountId);
      const result = await repeatOrder({ ...orderInput(buyer, MOLLIE), tier: "p0" });
      if (result.kind !== "charged") throw new Error(`answered ${JSON.stringify(result)}`);
      const repeat = await payment(result.paymentId);
      expect(repeat).toMatchObject({ sequence: "recurring", status: "open", amount: 995, credits: 50, checkout_url: null });
      const atMollie = mollie.payments.get(repeat.provider_reference!)!;
      const [mandate] = await db().selectFrom("payment_mandates").selectAll().where("account_id", "=", buyer.accountId).execute();
      expect(atMollie).toMatchObject({ sequenceType: "recurring", status: "pending", mandateId: mandate!.mandate_reference, customerId: mandate!.customer_reference });

      expect((await deliver(atMollie.id)).status).toBe(200);
      expect((await payment(result.paymentId)).status).toBe("pending");
      mollie.setPayment(atMollie.id, { status: "paid" });
      expect((await deliver(atMollie.id)).status).toBe(200);
      expect((await payment(result.paymentId)).status).toBe("paid");
      expect((await account(buyer.accountId)).credits).toBe(before.credits + 50);
      expect(await ledger(buyer.accountId, "purchase")).toHaveLength(2);
    });
  });

  describe("Verotel FlexPay, postbacks signed with the shop's key", () => {
    /** The signature by the recipe of docs/decisions/016: SHA-256 of the key and the sorted name=value pairs, joined by ":". */
    const sign = (parameters: Record<string, string>, key = SIGNATURE_KEY) =>
      createHash("sha256")
        .update([key, ...Object.keys(parameters).sort().map((name) => `${name}=${parameters[name]}`)].join(":"))
        .digest("hex");

    const postback = (parameters: Record<string, string>, { signature = sign(parameters), siteId = VEROTEL } = {}) =>
      requestAs(server.port, host(siteId), `/payments/webhook/verotel?${new URLSearchParams({ ...parameters, signature })}`);

    let buyer: OrderMember & { cookie: string };
    let paymentId: number;
    const saleId = "71534022";
    const sale = (overrides: Record<string, string> = {}) => ({
      shopID: SHOP_ID,
      saleID: saleId,
      referenceID: String(paymentId),
      priceAmount: "19.95",
      priceCurrency: "EUR",
      paymentMethod: "CC",
      type: "purchase",
      ...overrides,
    });

    it("answers a FlexPay order page whose signature verifies; the payment has no reference until the postback", async () => {
      buyer = await member(VEROTEL);
      const input = orderInput(buyer, VEROTEL);
      const result = await placeOrder(input);
      if (result.kind !== "checkout") throw new Error(`answered ${JSON.stringify(result)}`);
      // The form sent again (a double click) is the same payment and page, answered without waiting for a reference.
      const resent = Date.now();
      expect(await placeOrder(input)).toEqual(result);
      expect(Date.now() - resent).toBeLessThan(5_000);
      paymentId = result.paymentId;
      const url = new URL(result.url);
      expect(`${url.origin}${url.pathname}`).toBe("https://secure.verotel.com/startorder");
      const { signature, email, ...signed } = Object.fromEntries(url.searchParams);
      expect(email).toBe(buyer.email);
      expect(signed).toMatchObject({ version: "4", type: "purchase", shopID: SHOP_ID, priceAmount: "19.95", priceCurrency: "EUR", paymentMethod: "CC", referenceID: String(paymentId) });
      expect(signed.successURL).toBe(`${server.origin(VEROTEL)}/credits/p1/creditcard?payment=${paymentId}`);
      expect(signature).toBe(sign(signed));
      expect(await payment(paymentId)).toMatchObject({ provider: "verotel", status: "open", provider_reference: null, checkout_url: result.url });
    });

    it("refuses postbacks that are tampered with, wrongly signed, for another shop, sale or brand, and changes nothing", async () => {
      const before = await account(buyer.accountId);
      const tampered = await requestAs(server.port, host(VEROTEL), `/payments/webhook/verotel?${new URLSearchParams({ ...sale({ priceAmount: "1.95" }), signature: sign(sale()) })}`);
      expect([tampered.status, tampered.body]).toEqual([400, "bad_signature"]);
      const cheaper = await postback(sale({ priceAmount: "1.95" }));
      expect([cheaper.status, cheaper.body]).toEqual([400, "amount_mismatch"]);
      const wrongKey = await postback(sale(), { signature: sign(sale(), "another key") });
      expect([wrongKey.status, wrongKey.body]).toEqual([400, "bad_signature"]);
      expect((await postback(sale(), { signature: "" })).status).toBe(400);
      const otherShop = await postback(sale({ shopID: "999999" }));
      expect([otherShop.status, otherShop.body]).toEqual([400, "wrong_site"]);
      const stranger = await postback(sale({ referenceID: "987654321" }));
      expect([stranger.status, stranger.body]).toEqual([404, "unknown_payment"]);
      const rebill = await postback(sale({ event: "rebill" }));
      expect([rebill.status, rebill.body]).toEqual([400, "malformed"]);
      const twice = await requestAs(server.port, host(VEROTEL), `/payments/webhook/verotel?${new URLSearchParams({ ...sale(), signature: sign(sale()) })}&priceAmount=1.95`);
      expect(twice.status).toBe(400);
      const otherBrand = await postback(sale(), { siteId: MOLLIE });
      expect(otherBrand.status).toBe(404);
      expect(await account(buyer.accountId)).toEqual(before);
      expect(await payment(paymentId)).toMatchObject({ status: "open", provider_reference: null });
    });

    it("credits a signed sale postback once, answering OK, and keeps the saleID as the reference", async () => {
      const before = await account(buyer.accountId);
      const answer = await postback(sale());
      expect([answer.status, answer.body]).toEqual([200, "OK"]);
      expect(await account(buyer.accountId)).toMatchObject({ credits: before.credits + 125, paid_user: true });
      expect(await payment(paymentId)).toMatchObject({ status: "paid", provider_reference: saleId });

      const again = await postback(sale());
      expect([again.status, again.body]).toEqual([200, "OK"]);
      expect(await ledger(buyer.accountId, "purchase")).toEqual([{ delta: 125, idempotency_key: `payment:${paymentId}` }]);
      expect((await account(buyer.accountId)).credits).toBe(before.credits + 125);

      const otherSale = await postback(sale({ saleID: "71534023" }));
      expect([otherSale.status, otherSale.body]).toEqual([404, "unknown_payment"]);
    });

    it("books a partial credit postback as the refund, taking back that share of the credits, as far as unspent", async () => {
      // The member has spent all but 100 of their credits on messages.
      const { credits } = await account(buyer.accountId);
      await db().transaction().execute((tx) => changeCredits(tx, { siteId: VEROTEL, accountId: buyer.accountId, delta: 100 - credits, reason: "message", idempotencyKey: "spent-before-refund" }));
      // 10.00 of 19.95 paid back: 63 of the 125 credits (rounded).
      const credit = sale({ event: "credit", priceAmount: "10.00" });
      const answer = await postback(credit);
      expect([answer.status, answer.body]).toEqual([200, "OK"]);
      expect(await payment(paymentId)).toMatchObject({ status: "refunded", credits_taken_back: 63, credits_not_taken_back: 62 });
      expect((await account(buyer.accountId)).credits).toBe(37);
      expect([(await postback(credit)).body, await ledger(buyer.accountId, "refund")]).toEqual(["OK", [{ delta: -63, idempotency_key: `refund:${paymentId}` }]]);
      const tooMuch = await postback(sale({ event: "credit", priceAmount: "25.00" }));
      expect([tooMuch.status, tooMuch.body]).toEqual([400, "amount_mismatch"]);
      expect((await account(buyer.accountId)).credits).toBe(37);
    });

    it("takes back what is left after a chargeback postback and blocks further purchases", async () => {
      const answer = await postback(sale({ event: "chargeback" }));
      expect([answer.status, answer.body]).toEqual([200, "OK"]);
      expect(await payment(paymentId)).toMatchObject({ status: "charged_back", credits_taken_back: 100, credits_not_taken_back: 25 });
      expect(await account(buyer.accountId)).toMatchObject({ credits: 0, purchases_blocked_at: expect.any(Date) as Date });
      expect(await ledger(buyer.accountId, "chargeback")).toEqual([{ delta: -37, idempotency_key: `chargeback:${paymentId}` }]);
      expect(await placeOrder(orderInput(buyer, VEROTEL))).toEqual({ kind: "refused", reason: "purchases_blocked" });
      const late = await postback(sale());
      expect([late.status, late.body]).toEqual([409, "backwards"]);
    });
  });
});
