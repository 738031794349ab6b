import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtemp, readFile, stat } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookRefused, type CreatePaymentInput, type WebhookDelivery } from "../../server/payments/provider";
import type { ProviderEnvironment } from "../../server/payments/providers";
import { createTestProvider, EPS_ISSUERS, IDEAL_ISSUERS, signTestWebhook, testWebhookBody, TEST_SIGNATURE_HEADER } from "../../server/payments/test-provider";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { siteFile } from "../support/site-fixtures";

const SECRET = "a-test-secret-of-a-decent-length-0123456789";
const log = pino({ level: "silent" });

function site(overrides: Record<string, unknown> = {}): Site {
  const parsed = parseSiteFile("sites/pay-nl.json", JSON.stringify(siteFile({ countries: ["NL", "AT", "US"], ...overrides }))).site;
  if (!parsed) throw new Error("the test brand does not parse");
  return parsed;
}

async function environment(overrides: Partial<ProviderEnvironment> = {}): Promise<ProviderEnvironment> {
  return { secret: (name) => (name === "TEST_PAYMENTS_SECRET" ? SECRET : undefined), production: false, dataDir: await mkdtemp(path.join(tmpdir(), "amora-tp-")), log, ...overrides };
}

const brand = site();

function delivery(body: string, headers: Record<string, string | undefined>, method = "POST"): WebhookDelivery {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method, body, query: new URLSearchParams(), header: (name) => lower[name.toLowerCase()] ?? null };
}

const signed = (body: string, secret = SECRET) => delivery(body, { "content-type": "application/x-www-form-urlencoded", [TEST_SIGNATURE_HEADER]: signTestWebhook(body, secret) });

const paidBody = testWebhookBody({
  paymentId: 41,
  reference: "tst_0123abcd",
  status: "paid",
  amount: 1995,
  currency: "EUR",
  mandate: { customerReference: "tst_cst_01", mandateReference: "tst_mdt_ok_01", method: "visa", label: "Visa •••• 4242" },
});

describe("the test provider's signature", () => {
  it("is sha256= and the hex HMAC-SHA256 of the exact body", () => {
    // openssl: printf 'body' | openssl dgst -sha256 -hmac secret
    expect(signTestWebhook("body", "secret")).toBe("sha256=dc46983557fea127b43af721467eb9b3fde2338fe3e14f51952aa8478c13d355");
  });

  it("accepts a signed delivery and reads what it reports, mandate included", async () => {
    const provider = createTestProvider(await environment());
    expect(await provider.readWebhook(signed(paidBody), brand)).toEqual({
      paymentId: 41,
      providerReference: "tst_0123abcd",
      status: "paid",
      amount: 1995,
      currency: "EUR",
      mandate: { customerReference: "tst_cst_01", mandateReference: "tst_mdt_ok_01", method: "visa", label: "Visa •••• 4242" },
    });
    const pending = testWebhookBody({ paymentId: 7, reference: "tst_x", status: "pending", amount: 500, currency: "USD" });
    expect(pending).toBe("payment_id=7&reference=tst_x&status=pending&amount=500&currency=USD");
    expect(await provider.readWebhook(signed(pending), brand)).toEqual({ paymentId: 7, providerReference: "tst_x", status: "pending", amount: 500, currency: "USD" });
  });

  it("refuses a wrong, missing or stretched signature and a body changed after signing", async () => {
    const provider = createTestProvider(await environment());
    const refusal = (d: WebhookDelivery) => provider.readWebhook(d, brand).then(() => "accepted", (error: WebhookRefused) => `${error.reason} ${error.status}`);
    const type = { "content-type": "application/x-www-form-urlencoded" };
    const good = signTestWebhook(paidBody, SECRET);
    expect(await refusal(signed(paidBody, "another-secret"))).toBe("bad_signature 400");
    expect(await refusal(delivery(paidBody, type))).toBe("bad_signature 400");
    expect(await refusal(delivery(paidBody, { ...type, [TEST_SIGNATURE_HEADER]: `${good}00` }))).toBe("bad_signature 400");
    expect(await refusal(delivery(paidBody, { ...type, [TEST_SIGNATURE_HEADER]: good.toUpperCase() }))).toBe("bad_signature 400");
    expect(await refusal(delivery(paidBody.replace("amount=1995", "amount=9995"), { ...type, [TEST_SIGNATURE_HEADER]: good }))).toBe("bad_signature 400");
    expect(await refusal(delivery(`${paidBody}&status=paid`, { ...type, [TEST_SIGNATURE_HEADER]: good }))).toBe("bad_signature 400");
    expect(await refusal(signed(paidBody))).toBe("accepted");
  });

  it("refuses signed deliveries it cannot read as malformed", async () => {
    const provider = createTestProvider(await environment());
    const reason = (d: WebhookDelivery) => provider.readWebhook(d, brand).then(() => "accepted", (error: WebhookRefused) => error.reason);
    const base = "payment_id=3&reference=tst_ab&status=paid&amount=995&currency=EUR";
    expect(await reason(signed(base))).toBe("accepted");
    for (const body of [
      base.replace("status=paid", "status=settled"),
      base.replace("amount=995", "amount=9.95"),
      base.replace("amount=995", "amount=-995"),
      base.replace("payment_id=3", "payment_id=abc"),
      base.replace("reference=tst_ab", "reference=tr_ab"),
      base.replace("currency=EUR", "currency=eur"),
      `${base}&status=failed`,
      `${base}&mandate=tst_mdt_1`,
      "",
      "{\"payment_id\":3}",
    ]) {
      expect(await reason(signed(body)), body).toBe("malformed");
    }
    expect(await reason({ ...signed(base), method: "GET" })).toBe("malformed");
    expect(await reason(delivery(base, { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: signTestWebhook(base, SECRET) }))).toBe("malformed");
  });
});

describe("the test provider's methods and payments", () => {
  it("answers the brand's methods for a country, with banks for iDEAL and eps only", async () => {
    const provider = createTestProvider(await environment());
    const input = { site: brand, currency: "EUR", amount: 1995, sequence: "oneoff" as const, locale: "nl" };
    const nl = await provider.methods({ ...input, country: "NL" });
    expect(nl.map((method) => method.id)).toEqual(brand.payment_methods.NL);
    expect(nl.find((method) => method.id === "ideal")?.issuers).toEqual(IDEAL_ISSUERS);
    expect(IDEAL_ISSUERS.map((issuer) => issuer.id)).toEqual(
      expect.arrayContaining(["ideal_ABNANL2A", "ideal_INGBNL2A", "ideal_RABONL2U", "ideal_ASNBNL21", "ideal_BUNQNL2A", "ideal_KNABNL2H", "ideal_SNSBNL2A", "ideal_TRIONL2U"]),
    );
    expect(nl.filter((method) => method.id !== "ideal").every((method) => method.issuers.length === 0)).toBe(true);
    const at = await provider.methods({ ...input, country: "AT" });
    expect(at.find((method) => method.id === "eps")?.issuers).toEqual(EPS_ISSUERS);
    expect(await provider.methods({ ...input, country: "FR" })).toEqual([]);
    expect(provider.issuerName("ideal", "ideal_RABONL2U")).toBe("Rabobank");
    expect(provider.issuerName("ideal", "ideal_NOPE")).toBeUndefined();
  });

  const order = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    site: brand,
    payment: { id: 12, amount: 1995, currency: "EUR", method: "ideal", issuer: "ideal_INGBNL2A", sequence: "oneoff", credits: 125, description: "Test Brand: 125 credits" },
    member: { accountId: 1, email: "m@example.com", locale: "nl", country: "NL" },
    returnUrl: "http://pay-nl.localhost:3000/credits/p1/ideal?payment=12",
    webhookUrl: "http://pay-nl.localhost:3000/payments/webhook/test",
    ...overrides,
  });

  it("opens a checkout on the brand's own origin under a fresh tst_ reference", async () => {
    const provider = createTestProvider(await environment());
    const first = await provider.createPayment(order());
    const second = await provider.createPayment(order());
    expect(first.providerReference).toMatch(/^tst_[0-9a-f]{20}$/);
    expect(second.providerReference).not.toBe(first.providerReference);
    expect(first.checkoutUrl).toBe(`http://pay-nl.localhost:3000/payments/test-checkout/${first.providerReference}`);
    expect(await provider.refund({ site: brand, providerReference: first.providerReference!, amount: 1995, currency: "EUR", description: "" })).toEqual({ status: "refunded" });
    expect(provider.webhookAnswer).toBe("OK");
  });

  it("is refused in production unless the brand allows it, and there needs a configured secret", async () => {
    const production = createTestProvider(await environment({ production: true }));
    expect(await production.methods({ site: brand, country: "NL", currency: "EUR", amount: 995, sequence: "oneoff", locale: "nl" })).toEqual([]);
    await expect(production.createPayment(order())).rejects.toThrow(/refused in production/);
    await expect(production.readWebhook(signed(paidBody), brand)).rejects.toMatchObject({ reason: "wrong_site" });

    const allowing = site({ allow_test_payments: true });
    expect(await production.methods({ site: allowing, country: "NL", currency: "EUR", amount: 995, sequence: "oneoff", locale: "nl" })).not.toEqual([]);
    expect(await production.readWebhook(signed(paidBody), allowing)).toMatchObject({ status: "paid" });
    const noSecret = createTestProvider(await environment({ production: true, secret: () => undefined }));
    await expect(noSecret.createPayment(order({ site: allowing }))).rejects.toThrow(/TEST_PAYMENTS_SECRET/);
  });

  it("makes a secret once into DATA_DIR, readable by its owner only, when none is configured", async () => {
    const env = await environment({ secret: () => undefined });
    const file = path.join(env.dataDir, "test-payments-secret");
    await createTestProvider(env).createPayment(order());
    const secret = await readFile(file, "utf8");
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Another instance (or a restart) on the same DATA_DIR verifies what the first signed.
    const again = createTestProvider(env);
    expect(await again.readWebhook(signed(paidBody, secret), brand)).toMatchObject({ paymentId: 41 });
    expect(await readFile(file, "utf8")).toBe(secret);
  });
});

describe("the test provider's deliveries", () => {
  let server: Server;
  let port: number;
  const received: { host: string | undefined; signature: string | undefined; body: string }[] = [];
  const waiters: (() => void)[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        received.push({ host: req.headers.host, signature: req.headers[TEST_SIGNATURE_HEADER.toLowerCase()] as string | undefined, body });
        waiters.splice(0).forEach((wake) => wake());
        res.end("OK");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function nextDelivery(count: number) {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received[count - 1]!;
  }

  const origin = () => `http://pay-nl.localhost:${port}`;

  it("reports a checkout's outcome signed to the webhook on the brand host, leaving a mandate for a card", async () => {
    const provider = createTestProvider(await environment());
    const answer = await provider.reportOutcome({
      site: brand,
      payment: { id: 5, reference: "tst_card", amount: 1995, currency: "EUR", method: "creditcard", sequence: "first" },
      outcome: "paid",
      webhookUrl: `${origin()}/payments/webhook/test`,
    });
    expect(answer).toEqual({ status: 200, body: "OK" });
    const delivered = await nextDelivery(1);
    expect(delivered.host).toBe(`pay-nl.localhost:${port}`);
    expect(delivered.signature).toBe(signTestWebhook(delivered.body, SECRET));
    const report = await provider.readWebhook(signed(delivered.body), brand);
    expect(report).toMatchObject({ paymentId: 5, status: "paid", mandate: { method: "creditcard", label: "Visa •••• 4242" } });
  });

  it("charges a mandate without a checkout: paid, or failed for the mandate of the declining choice", async () => {
    const provider = createTestProvider(await environment());
    const before = received.length;
    await provider.reportOutcome({
      site: brand,
      payment: { id: 6, reference: "tst_declines", amount: 995, currency: "EUR", method: "visa", sequence: "first" },
      outcome: "paid_declining",
      webhookUrl: `${origin()}/payments/webhook/test`,
    });
    const declining = (await provider.readWebhook(signed((await nextDelivery(before + 1)).body), brand)).mandate!;
    expect(declining.label).toBe("Visa •••• 0002");

    const recurring = (mandate: { customerReference: string; mandateReference: string }, id: number) =>
      provider.createPayment({
        ...order(),
        payment: { id, amount: 995, currency: "EUR", method: "visa", issuer: null, sequence: "recurring", credits: 50, description: "" },
        returnUrl: `${origin()}/credits/p0/visa?payment=${id}`,
        webhookUrl: `${origin()}/payments/webhook/test`,
        mandate,
      });
    const failed = await recurring(declining, 8);
    expect(failed.checkoutUrl).toBeUndefined();
    const failedReport = await provider.readWebhook(signed((await nextDelivery(before + 2)).body), brand);
    expect(failedReport).toEqual({ paymentId: 8, providerReference: failed.providerReference, status: "failed", amount: 995, currency: "EUR" });

    const paid = await recurring({ customerReference: "tst_cst_1", mandateReference: "tst_mdt_ok_1" }, 9);
    const paidReport = await provider.readWebhook(signed((await nextDelivery(before + 3)).body), brand);
    expect(paidReport).toEqual({ paymentId: 9, providerReference: paid.providerReference, status: "paid", amount: 995, currency: "EUR" });
  });

  function order(): CreatePaymentInput {
    return {
      site: brand,
      payment: { id: 1, amount: 995, currency: "EUR", method: "visa", issuer: null, sequence: "oneoff", credits: 50, description: "" },
      member: { accountId: 1, email: "m@example.com", locale: "nl", country: "NL" },
      returnUrl: `${origin()}/`,
      webhookUrl: `${origin()}/payments/webhook/test`,
    };
  }
});
