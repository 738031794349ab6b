import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/log";
import { WebhookRefused, type CreatePaymentInput, type WebhookDelivery } from "../../server/payments/provider";
import type { ProviderEnvironment } from "../../server/payments/providers";
import { createVerotelProvider, flexPaySignature, purchaseUrl, RefundInBackOffice } from "../../server/payments/verotel";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { siteFile } from "../support/site-fixtures";

const KEY = "k3yOfTh1sShop";
const SHOP = "654321";

function brand(id: string): Site {
  const { site, problems } = parseSiteFile(
    `sites/${id}.json`,
    JSON.stringify(
      siteFile({
        countries: ["NL", "DE", "PL"],
        payment_provider: "verotel",
        payment_methods: { NL: ["ideal", "creditcard", "paypal", "paysafecard", "bancontact"], DE: ["sofort", "visa", "mastercard", "maestro"] },
      }),
    ),
  );
  expect(problems).toEqual([]);
  return site!;
}
const site = brand("flirt-test");
const otherSite = brand("other-test");

function environment(variables: Record<string, string>): ProviderEnvironment {
  return {
    // The per-brand variable first, then the shared one, as the registry reads them.
    secret: (name, forSite) => (forSite && variables[`${name}_${forSite.id.toUpperCase().replace(/-/g, "_")}`]) || variables[name],
    production: false,
    dataDir: "/nonexistent",
    log: createLogger("silent"),
  };
}
const provider = createVerotelProvider(environment({ VEROTEL_SHOP_ID: SHOP, VEROTEL_SIGNATURE_KEY: KEY, VEROTEL_SHOP_ID_OTHER_TEST: "111111" }));

/** The documented recipe, written out here on its own: hash of the key and the sorted name=value pairs, joined with ":". */
function recipe(key: string, parameters: Record<string, string>, algorithm = "sha256"): string {
  const pairs = Object.keys(parameters)
    .sort()
    .map((name) => `${name}=${parameters[name]}`);
  return createHash(algorithm).update([key, ...pairs].join(":")).digest("hex");
}

const sale = {
  CCBrand: "VISA",
  paymentMethod: "CC",
  priceAmount: "19.95",
  priceCurrency: "EUR",
  referenceID: "42",
  saleID: "9804123",
  shopID: SHOP,
  transactionID: "77001",
  // FlexPay masks the card number itself: only its last four digits ever reach us.
  truncatedPAN: "XXXXXXXXXXXX1111",
  type: "purchase",
};

function get(parameters: Record<string, string>, signature = recipe(KEY, parameters)): WebhookDelivery {
  const query = new URLSearchParams({ ...parameters, signature });
  return { method: "GET", body: "", query, header: () => null };
}

async function refusal(delivery: WebhookDelivery, on = site): Promise<WebhookRefused> {
  const error: unknown = await provider.readWebhook(delivery, on).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WebhookRefused);
  return error as WebhookRefused;
}

function order(overrides: Partial<CreatePaymentInput["payment"]> = {}): CreatePaymentInput {
  return {
    site,
    payment: { id: 42, amount: 1995, currency: "EUR", method: "creditcard", issuer: null, sequence: "oneoff", credits: 120, description: "FlirtNL: 120 credits", ...overrides },
    member: { accountId: 7, email: "anna@example.com", locale: "nl", country: "NL" },
    returnUrl: "https://flirtnl.example/credits/p1/creditcard?payment=42",
    webhookUrl: "https://flirtnl.example/payments/webhook/verotel",
  };
}

describe("FlexPay signature, against the values Verotel publishes with its PHP client", () => {
  // The example parameters and signatures of Verotel's flexpay-php-client tests (protocol 4).
  const secret = "zpXwe2D77g4P7ysGJcr3rY87TBYs6J";
  const published: Record<string, string> = {
    shopID: "68849",
    saleID: "433456",
    priceAmount: "0.00",
    referenceID: "reference1234",
    priceCurrency: "USD",
    custom1: "My",
    description: "My Dščřčřřěřě&?=blah123",
    subscriptionType: "RECURRING",
    period: "P1M",
    name: "My name",
    trialAmount: "0.01",
    trialPeriod: "P3D",
    successURL: "http://backURL.test",
    declineURL: "http://declineURL.test",
    cancelDiscountPercentage: "30",
    blah: "something",
  };
  const signedOnly = Object.entries(published).filter(([name]) => name !== "blah");

  it("signs the order parameters as published (SHA-256)", () => {
    expect(flexPaySignature(secret, signedOnly)).toBe("ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2");
  });

  it("signs every parameter of a postback as published, and the older SHA-1 form too", () => {
    expect(flexPaySignature(secret, Object.entries(published))).toBe("e50b4e92fcd0a21114d3bf3a64f888edfbc784df170e70ee165c4350fe9ffc3c");
    expect(flexPaySignature(secret, Object.entries(published), "sha1")).toBe("fc63f38e2722d2e5bc4f2044ad3ffb2051e89643");
  });

  it("sorts names by their bytes, capitals first (CCBrand before custom1), as in a published SHA-1 sale postback", () => {
    // A purchase postback and its signature from the tests of a FlexPay client library (protocol 3.4).
    const postback = new URLSearchParams(
      "CCBrand=1010101010101&custom1=Custom+Param+1&custom2=Custom+Param+2&custom3=Custom+Param+3&paymentMethod=CC&priceAmount=12.31&priceCurrency=EUR&referenceID=98040000000000000&saleID=456789&shopID=115790&transactionID=1001000&truncatedPAN=XXXXXXXXXXXX3321&type=purchase",
    );
    expect(flexPaySignature("KzkfbQBeTEAPjFXFuPfuAzUfZZzSqz", postback, "sha1")).toBe("4d3119e55dc0307154a84140367f5abb976c694e");
  });

  it("builds the published order address: sorted, form-encoded, unsigned names included, the signature last", () => {
    const url = purchaseUrl("https://secure.verotel.com/startorder", secret, { ...published, type: "purchase", version: "4" });
    const expected = recipe(secret, { ...Object.fromEntries(signedOnly), type: "purchase", version: "4" });
    expect(url).toBe(
      "https://secure.verotel.com/startorder?blah=something&cancelDiscountPercentage=30&custom1=My&declineURL=http%3A%2F%2FdeclineURL.test" +
        "&description=My+D%C5%A1%C4%8D%C5%99%C4%8D%C5%99%C5%99%C4%9B%C5%99%C4%9B%26%3F%3Dblah123&name=My+name&period=P1M&priceAmount=0.00" +
        "&priceCurrency=USD&referenceID=reference1234&saleID=433456&shopID=68849&subscriptionType=RECURRING&successURL=http%3A%2F%2FbackURL.test" +
        `&trialAmount=0.01&trialPeriod=P3D&type=purchase&version=4&signature=${expected}`,
    );
  });
});

describe("Verotel FlexPay purchase", () => {
  it("answers a signed order page for the payment, our payment id as its reference", async () => {
    const created = await provider.createPayment(order());
    expect(created.providerReference).toBeUndefined();
    const url = new URL(created.checkoutUrl!);
    expect(`${url.origin}${url.pathname}`).toBe("https://secure.verotel.com/startorder");
    const parameters = Object.fromEntries(url.searchParams);
    expect(parameters).toMatchObject({
      version: "4",
      type: "purchase",
      shopID: SHOP,
      priceAmount: "19.95",
      priceCurrency: "EUR",
      paymentMethod: "CC",
      description: "FlirtNL: 120 credits",
      referenceID: "42",
      successURL: order().returnUrl,
      declineURL: order().returnUrl,
      email: "anna@example.com",
    });
    // The e-mail address is not among the signed parameters.
    const { signature, email: _email, ...signed } = parameters;
    expect(signature).toBe(recipe(KEY, signed));
  });

  it("writes whole amounts with their cents and sends iDEAL to FlexPay's iDEAL", async () => {
    const url = new URL((await provider.createPayment(order({ amount: 2000, method: "ideal" }))).checkoutUrl!);
    expect(url.searchParams.get("priceAmount")).toBe("20.00");
    expect(url.searchParams.get("paymentMethod")).toBe("IDEAL");
  });

  it("uses the brand's own shop and the order page named in the environment", async () => {
    const custom = createVerotelProvider(
      environment({ VEROTEL_SHOP_ID: SHOP, VEROTEL_SIGNATURE_KEY: KEY, VEROTEL_SHOP_ID_OTHER_TEST: "111111", VEROTEL_FLEXPAY_URL: "https://secure.billing.creditcard" }),
    );
    const url = new URL((await custom.createPayment({ ...order(), site: otherSite })).checkoutUrl!);
    expect(`${url.origin}${url.pathname}`).toBe("https://secure.billing.creditcard/startorder");
    expect(url.searchParams.get("shopID")).toBe("111111");
    expect(() => createVerotelProvider(environment({ VEROTEL_FLEXPAY_URL: "secure.verotel.com" }))).toThrow(/VEROTEL_FLEXPAY_URL/);
  });

  it("refuses what FlexPay cannot take, with a reason", async () => {
    await expect(provider.createPayment(order({ sequence: "recurring" }))).rejects.toThrow(/repeat order is a new checkout/);
    await expect(provider.createPayment(order({ currency: "PLN", amount: 8995 }))).rejects.toThrow(/does not sell in PLN/);
    await expect(provider.createPayment(order({ method: "paypal" }))).rejects.toThrow(/does not take the method "paypal"/);
    const unconfigured = createVerotelProvider(environment({}));
    await expect(unconfigured.createPayment(order())).rejects.toThrow(/VEROTEL_SHOP_ID and VEROTEL_SIGNATURE_KEY/);
  });

  it("offers the brand's card, iDEAL and direct-debit methods of the country, without banks to pick", async () => {
    const ask = { site, amount: 1995, sequence: "oneoff" as const, locale: "nl" };
    expect(await provider.methods({ ...ask, country: "NL", currency: "EUR" })).toEqual([
      { id: "ideal", issuers: [] },
      { id: "creditcard", issuers: [] },
    ]);
    expect((await provider.methods({ ...ask, country: "DE", currency: "EUR" })).map((method) => method.id)).toEqual(["visa", "mastercard", "maestro"]);
    expect(await provider.methods({ ...ask, country: "PL", currency: "PLN" })).toEqual([]);
    expect(await provider.methods({ ...ask, country: "NL", currency: "EUR", sequence: "recurring" })).toEqual([]);
  });

  it("sends refunds to the Control Center and answers postbacks with OK", async () => {
    await expect(provider.refund({ site, providerReference: "9804123", amount: 1995, currency: "EUR", description: "refund" })).rejects.toBeInstanceOf(RefundInBackOffice);
    expect(provider.webhookAnswer).toBe("OK");
  });
});

describe("Verotel FlexPay postback", () => {
  it("reads a signed sale postback as paid, with FlexPay's sale id and our payment id", async () => {
    expect(await provider.readWebhook(get(sale), site)).toEqual({ paymentId: 42, providerReference: "9804123", status: "paid", amount: 1995, currency: "EUR" });
  });

  it("reads the same postback from a form POST, and a signature in capitals or in the older SHA-1", async () => {
    const body = new URLSearchParams({ ...sale, signature: recipe(KEY, sale) }).toString();
    const post: WebhookDelivery = { method: "POST", body, query: new URLSearchParams(), header: () => "application/x-www-form-urlencoded" };
    expect((await provider.readWebhook(post, site)).status).toBe("paid");
    expect((await provider.readWebhook(get(sale, recipe(KEY, sale).toUpperCase()), site)).status).toBe("paid");
    expect((await provider.readWebhook(get(sale, recipe(KEY, sale, "sha1")), site)).status).toBe("paid");
  });

  it.each([
    ["amount", { priceAmount: "1.00" }],
    ["currency", { priceCurrency: "USD" }],
    ["referenceID", { referenceID: "43" }],
    ["event", { event: "credit" }],
  ])("refuses a postback whose %s was changed after signing", async (_name, change) => {
    const signature = recipe(KEY, sale);
    const refused = await refusal(get({ ...sale, ...change }, signature));
    expect(refused.reason).toBe("bad_signature");
    expect(refused.status).toBe(400);
  });

  it("refuses a changed, missing, foreign-key or malformed signature", async () => {
    const good = recipe(KEY, sale);
    const flipped = `${good.slice(0, -1)}${good.endsWith("0") ? "1" : "0"}`;
    for (const signature of [flipped, recipe("another-key", sale), "", "zz", good.slice(0, 40)]) {
      expect((await refusal(get(sale, signature))).reason).toBe("bad_signature");
    }
    const unsigned: WebhookDelivery = { method: "GET", body: "", query: new URLSearchParams(sale), header: () => null };
    expect((await refusal(unsigned)).reason).toBe("bad_signature");
  });

  it("refuses a postback of another shop, even one signed with a key the brands share", async () => {
    expect((await refusal(get({ ...sale, shopID: "111111" }))).reason).toBe("wrong_site");
    expect((await refusal(get(sale), otherSite)).reason).toBe("wrong_site");
    expect((await provider.readWebhook(get({ ...sale, shopID: "111111" }), otherSite)).status).toBe("paid");
  });

  it.each([
    [{}, "paid"],
    [{ event: "initial", type: "subscription" }, "paid"],
    [{ event: "credit", parentID: "77001" }, "refunded"],
    [{ event: "chargeback", parentID: "77001" }, "charged_back"],
  ])("maps %o to %s", async (change, status) => {
    expect((await provider.readWebhook(get({ ...sale, ...change }), site)).status).toBe(status);
  });

  it.each<Record<string, string>>([{ event: "rebill" }, { event: "expiry" }, { event: "refund-ish" }, { type: "subscription" }])("refuses the event of %o as malformed", async (change) => {
    expect((await refusal(get({ ...sale, ...change }))).reason).toBe("malformed");
  });

  it.each([
    ["19.95", "EUR", 1995],
    ["20", "EUR", 2000],
    ["20.5", "GBP", 2050],
    ["0.01", "USD", 1],
    ["149", "SEK", 14900],
  ])("reads %s %s as %i minor units exactly", async (priceAmount, priceCurrency, minor) => {
    const report = await provider.readWebhook(get({ ...sale, priceAmount, priceCurrency }), site);
    expect(report.amount).toBe(minor);
    expect(report.currency).toBe(priceCurrency);
  });

  it.each([
    ["an amount with too many decimals", { priceAmount: "19.999" }],
    ["a negative amount", { priceAmount: "-19.95" }],
    ["an amount in words", { priceAmount: "twenty" }],
    ["a currency FlexPay does not sell in", { priceCurrency: "PLN" }],
    ["a currency in lower case", { priceCurrency: "eur" }],
    ["a reference that is not our payment id", { referenceID: "order-42" }],
    ["a reference past the safe integers", { referenceID: "98040000000000000" }],
    ["no sale id", { saleID: "" }],
  ])("refuses %s as malformed", async (_name, change) => {
    const parameters: Record<string, string> = { ...sale, ...change };
    if (parameters.saleID === "") delete parameters.saleID;
    expect((await refusal(get(parameters))).reason).toBe("malformed");
  });

  it("refuses a name given twice and control characters, which could make the signed text differ from what is read", async () => {
    const twice = new URLSearchParams({ ...sale, signature: recipe(KEY, sale) });
    twice.append("priceAmount", "0.01");
    expect((await refusal({ method: "GET", body: "", query: twice, header: () => null })).reason).toBe("malformed");
    // A length-extension forgery: SHA-256's padding bytes (0x80, zeros, the bit length) after a value, then a name of its own.
    expect((await refusal(get({ ...sale, truncatedPAN: "XXXXXXXXXXXX1111\u0080\u0000\u0001\u0038", zz: "1" }))).reason).toBe("malformed");
  });
});
