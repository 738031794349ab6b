import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/log";
import { createMollieProvider } from "../../server/payments/mollie";
import { WebhookRefused, type CreatePaymentInput, type PaymentProvider, type WebhookDelivery } from "../../server/payments/provider";
import type { ProviderEnvironment } from "../../server/payments/providers";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { freePort } from "../support/free-port";
import { startMollieStandIn, type MollieStandIn } from "../support/mollie-stand-in";
import { siteFile } from "../support/site-fixtures";

const brand = (id: string, overrides: Record<string, unknown> = {}): Site => {
  const parsed = parseSiteFile(`sites/${id}.json`, JSON.stringify(siteFile({ countries: ["NL", "BE"], payment_provider: "mollie", ...overrides })));
  if (!parsed.site) throw new Error(JSON.stringify(parsed.problems));
  return parsed.site;
};

const environment = (secrets: Record<string, string>): ProviderEnvironment => ({
  secret: (name, site) => (site ? secrets[`${name}_${site.id.toUpperCase().replace(/-/g, "_")}`] : undefined) ?? secrets[name],
  production: false,
  dataDir: "/nonexistent",
  log: createLogger("silent"),
});

const webhook = (body: string, method = "POST"): WebhookDelivery => ({ method, body, query: new URLSearchParams(), header: () => null });

/** Why a webhook was refused, or "accepted". */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof WebhookRefused ? `${error.reason} ${error.status}` : `threw ${String(error)}`),
  );

describe("the Mollie provider against a local stand-in of Mollie's API", () => {
  let mollie: MollieStandIn;
  let provider: PaymentProvider;
  /** Mollie names every payment at once, by its tr_ id. */
  const create = async (input: CreatePaymentInput) => {
    const created = await provider.createPayment(input);
    if (!created.providerReference) throw new Error("Mollie answered no payment id");
    return { ...created, providerReference: created.providerReference };
  };
  const site = brand("mollie-nl", {
    payment_methods: { NL: ["ideal", "visa", "paypal", "bancontact", "paysafecard", "sofort"], BE: ["bancontact", "creditcard", "paypal"] },
  });

  const order = (id: number, overrides: Partial<CreatePaymentInput["payment"]> = {}, extra: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    site,
    payment: { id, amount: 1995, currency: "EUR", method: "ideal", issuer: "ideal_INGBNL2A", sequence: "oneoff", credits: 120, description: "Test Brand: 120 credits", ...overrides },
    member: { accountId: 7, email: "sanne@example.com", locale: "nl", country: "NL" },
    returnUrl: `https://testbrand.example/credits/p1/ideal?payment=${id}`,
    webhookUrl: "https://testbrand.example/payments/webhook/mollie",
    ...extra,
  });

  const lastRequest = (method: string, path: string) => [...mollie.requests].reverse().find((r) => r.method === method && r.path === path);

  beforeAll(async () => {
    mollie = await startMollieStandIn();
    provider = createMollieProvider(environment({ MOLLIE_API_KEY_MOLLIE_NL: mollie.apiKey, MOLLIE_API_URL: mollie.url }));
  });
  afterAll(() => mollie.close());

  it("offers the brand's methods for the country that Mollie takes now, in the brand's order, with iDEAL's banks", async () => {
    const methods = await provider.methods({ site, country: "NL", currency: "EUR", amount: 1995, sequence: "oneoff", locale: "nl" });
    expect(methods).toEqual([
      { id: "ideal", issuers: [{ id: "ideal_ABNANL2A", name: "ABN AMRO" }, { id: "ideal_INGBNL2A", name: "ING" }, { id: "ideal_RABONL2U", name: "Rabobank" }] },
      { id: "visa", issuers: [] },
      { id: "paypal", issuers: [] },
      { id: "bancontact", issuers: [] },
      { id: "paysafecard", issuers: [] },
    ]);
    const query = lastRequest("GET", "/v2/methods")!.query;
    expect(Object.fromEntries(query)).toMatchObject({ "amount[value]": "19.95", "amount[currency]": "EUR", sequenceType: "oneoff", locale: "nl_NL", include: "issuers" });
  });

  it("asks Mollie per sequence, currency and country: a first payment only where a mandate can start", async () => {
    const first = await provider.methods({ site, country: "NL", currency: "EUR", amount: 1995, sequence: "first", locale: "nl" });
    expect(first.map((m) => m.id)).toEqual(["ideal", "visa", "paypal", "bancontact"]);
    const belgium = await provider.methods({ site, country: "BE", currency: "EUR", amount: 1995, sequence: "oneoff", locale: "nl" });
    expect(belgium.map((m) => m.id)).toEqual(["bancontact", "creditcard", "paypal"]);
    expect(lastRequest("GET", "/v2/methods")!.query.get("locale")).toBe("nl_BE");
    const dollars = await provider.methods({ site, country: "NL", currency: "USD", amount: 1995, sequence: "oneoff", locale: "en" });
    expect(dollars.map((m) => m.id)).toEqual(["visa", "paypal", "paysafecard"]);
  });

  it("creates a first payment with a new customer, the amount as Mollie's decimal string and our URLs", async () => {
    const created = await create(order(101, { method: "visa", issuer: null, sequence: "first" }));
    expect(created.providerReference).toMatch(/^tr_/);
    expect(created.checkoutUrl).toMatch(new RegExp(`^${mollie.url.replace("/v2/", "")}/checkout/`));
    expect(created.status).toBeUndefined();

    const customer = lastRequest("POST", "/v2/customers")!.body!;
    expect(customer).toMatchObject({ email: "sanne@example.com", locale: "nl_NL", metadata: { account_id: 7, site: "mollie-nl" } });
    const body = lastRequest("POST", "/v2/payments")!.body!;
    expect(body).toEqual({
      amount: { currency: "EUR", value: "19.95" },
      description: "Test Brand: 120 credits",
      redirectUrl: "https://testbrand.example/credits/p1/ideal?payment=101",
      webhookUrl: "https://testbrand.example/payments/webhook/mollie",
      metadata: { payment_id: 101, site: "mollie-nl" },
      locale: "nl_NL",
      sequenceType: "first",
      method: "creditcard",
      customerId: mollie.payments.get(created.providerReference)!.customerId,
    });
    expect(body.customerId).toMatch(/^cst_/);
  });

  it("creates a one-off iDEAL payment with the chosen bank and no customer; the same order twice is one payment", async () => {
    const created = await create(order(102));
    const body = lastRequest("POST", "/v2/payments")!.body!;
    expect(body).toMatchObject({ method: "ideal", issuer: "ideal_INGBNL2A", sequenceType: "oneoff" });
    expect(body).not.toHaveProperty("customerId");
    expect((await create(order(102))).providerReference).toBe(created.providerReference);
    await expect(create(order(103, { method: "swish" }))).rejects.toThrow(/swish/);
  });

  it("reports what Mollie says about each payment, fetched by the id in the webhook body", async () => {
    const { providerReference: id } = await create(order(104));
    const read = () => provider.readWebhook(webhook(`id=${id}`), site);
    expect(await read()).toEqual({ providerReference: id, paymentId: 104, status: "open", amount: 1995, currency: "EUR", transactionCosts: 0 });
    for (const [status, ours] of [["pending", "pending"], ["authorized", "pending"], ["canceled", "canceled"], ["expired", "expired"], ["open", "open"]] as const) {
      mollie.setPayment(id, { status });
      expect((await read()).status, status).toBe(ours);
    }
    mollie.setPayment(id, { status: "failed", details: { failureReason: "insufficient_funds", failureMessage: "The card has insufficient funds." } });
    expect(await read()).toMatchObject({ status: "failed", failureReason: "The card has insufficient funds." });
    mollie.setPayment(id, { status: "paid", settlement: "19.56" });
    expect(await read()).toMatchObject({ status: "paid", amount: 1995, transactionCosts: 39 });
    expect((await read()).mandate).toBeUndefined();
    mollie.setPayment(id, { refunded: "5.00" });
    expect((await read()).status).toBe("paid");
    mollie.setPayment(id, { refunded: "19.95" });
    expect((await read()).status).toBe("refunded");
    mollie.setPayment(id, { chargedBack: "19.95" });
    expect((await read()).status).toBe("charged_back");
  });

  it("reports the mandate a paid first payment left, with a label the member recognises", async () => {
    const card = await create(order(105, { method: "creditcard", issuer: null, sequence: "first" }));
    mollie.setPayment(card.providerReference, { status: "paid" });
    const report = await provider.readWebhook(webhook(`id=${card.providerReference}`), site);
    const stored = mollie.payments.get(card.providerReference)!;
    expect(report.mandate).toEqual({ customerReference: stored.customerId, mandateReference: stored.mandateId, method: "creditcard", label: "Mastercard •••• 6787" });

    const paypal = await create(order(106, { method: "paypal", issuer: null, sequence: "first" }));
    mollie.setPayment(paypal.providerReference, { status: "paid" });
    expect((await provider.readWebhook(webhook(`id=${paypal.providerReference}`), site)).mandate).toMatchObject({ method: "paypal", label: "PayPal tester@example.com" });
  });

  it("charges a stored mandate for a repeat order without a checkout", async () => {
    const first = await create(order(107, { method: "creditcard", issuer: null, sequence: "first" }));
    mollie.setPayment(first.providerReference, { status: "paid" });
    const { mandate } = await provider.readWebhook(webhook(`id=${first.providerReference}`), site);
    expect(mandate).toBeDefined();

    const repeat = await create(
      order(108, { method: "creditcard", issuer: null, sequence: "recurring" }, { mandate: { customerReference: mandate!.customerReference, mandateReference: mandate!.mandateReference } }),
    );
    expect(repeat).toEqual({ providerReference: expect.stringMatching(/^tr_/), status: "pending" });
    expect(lastRequest("POST", "/v2/payments")!.body).toMatchObject({
      sequenceType: "recurring",
      customerId: mandate!.customerReference,
      mandateId: mandate!.mandateReference,
      amount: { currency: "EUR", value: "19.95" },
      metadata: { payment_id: 108 },
    });
    mollie.setPayment(repeat.providerReference, { status: "paid" });
    expect(await provider.readWebhook(webhook(`id=${repeat.providerReference}`), site)).toMatchObject({ paymentId: 108, status: "paid" });
    await expect(create(order(109, { sequence: "recurring" }, { mandate: { customerReference: mandate!.customerReference, mandateReference: "mdt_forged" } }))).rejects.toThrow(
      /422 \[mandateId\]/,
    );
  });

  it("refunds through Mollie's refunds API and then reads the payment as refunded", async () => {
    const { providerReference } = await create(order(110));
    mollie.setPayment(providerReference, { status: "paid" });
    expect(await provider.refund({ site, providerReference, amount: 1995, currency: "EUR", description: "Refund of payment 110" })).toEqual({ status: "pending" });
    expect(lastRequest("POST", `/v2/payments/${providerReference}/refunds`)!.body).toEqual({ amount: { currency: "EUR", value: "19.95" }, description: "Refund of payment 110" });
    expect((await provider.readWebhook(webhook(`id=${providerReference}`), site)).status).toBe("refunded");
    await expect(provider.refund({ site, providerReference, amount: 100, currency: "EUR", description: "Again" })).rejects.toThrow(/Mollie refused a refund .*422/);
  });

  it("refuses webhooks it cannot vouch for: no tr_ id, an id Mollie does not know, another brand's payment", async () => {
    expect(await refusal(provider.readWebhook(webhook("id=tr_doesnotexist1"), site))).toBe("unknown_payment 404");
    expect(await refusal(provider.readWebhook(webhook("id=cst_abc123"), site))).toBe("malformed 400");
    expect(await refusal(provider.readWebhook(webhook("id=tr_../../v2/methods"), site))).toBe("malformed 400");
    expect(await refusal(provider.readWebhook(webhook(""), site))).toBe("malformed 400");
    expect(await refusal(provider.readWebhook(webhook('{"id":"tr_abc","status":"paid"}'), site))).toBe("malformed 400");
    const { providerReference } = await create(order(111));
    expect(await refusal(provider.readWebhook(webhook(`id=${providerReference}`, "GET"), site))).toBe("malformed 400");

    // The same Mollie account behind two brands: the payment's metadata names its own brand.
    const other = brand("other-nl");
    const shared = createMollieProvider(environment({ MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url }));
    expect(await refusal(shared.readWebhook(webhook(`id=${providerReference}`), other))).toBe("wrong_site 400");
  });

  it("says the provider is unreachable when Mollie cannot be asked, and names the key Mollie refused", async () => {
    const closed = `https://127.0.0.1:${await freePort()}/v2/`;
    const offline = createMollieProvider(environment({ MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: closed }));
    expect(await refusal(offline.readWebhook(webhook("id=tr_abc123"), site))).toBe("provider_unreachable 502");
    await expect(offline.methods({ site, country: "NL", currency: "EUR", amount: 1995, sequence: "oneoff", locale: "nl" })).rejects.toThrow(/could not be reached/);

    const wrongKey = createMollieProvider(environment({ MOLLIE_API_KEY: "test_notthekeyofthisaccount", MOLLIE_API_URL: mollie.url }));
    await expect(wrongKey.createPayment(order(112))).rejects.toThrow(/refused the API key of brand "mollie-nl" \(401: Missing authentication, or failed to authenticate\); check MOLLIE_API_KEY/);
    expect(await refusal(wrongKey.readWebhook(webhook("id=tr_abc123"), site))).toBe("provider_unreachable 502");

    const plain = createMollieProvider(environment({ MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_URL: mollie.url.replace("https:", "http:") }));
    await expect(plain.createPayment(order(113))).rejects.toThrow(/MOLLIE_API_URL must be an https:\/\/ address/);

    const noKey = createMollieProvider(environment({ MOLLIE_API_URL: mollie.url }));
    await expect(noKey.methods({ site, country: "NL", currency: "EUR", amount: 1995, sequence: "oneoff", locale: "nl" })).rejects.toThrow(/MOLLIE_API_KEY is not set for brand "mollie-nl"/);
  });
});
