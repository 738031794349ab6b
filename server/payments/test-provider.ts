import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { keptSecret } from "../kept-secret";
import type { PaymentSequence, PaymentStatus } from "../db/schema";
import { RECURRING_METHODS, type PaymentMethod } from "../sites/payments";
import type { Site } from "../sites/schema";
import type { Issuer, PaymentProvider, ProviderReport, WebhookDelivery } from "./provider";
import { WebhookRefused } from "./provider";
import type { ProviderEnvironment } from "./providers";
import { PAYMENT_STATUSES } from "./states";
import { deliverWebhook, type DeliveryAnswer } from "./webhook-delivery";

/**
 * The built-in test provider: what `npm start` on a fresh machine buys credits with. Its hosted
 * checkout is a page of this app (/payments/test-checkout/:reference) where the tester picks the
 * outcome; it then calls our webhook signed with HMAC-SHA256, exactly as an outside provider would.
 */

export const TEST_SIGNATURE_HEADER = "X-Test-Signature";
export const DEFAULT_SETTLE_MS = 4_000;

/** Real Dutch banks by their BIC, as iDEAL names them. */
export const IDEAL_ISSUERS: Issuer[] = [
  { id: "ideal_ABNANL2A", name: "ABN AMRO" },
  { id: "ideal_ASNBNL21", name: "ASN Bank" },
  { id: "ideal_BUNQNL2A", name: "bunq" },
  { id: "ideal_INGBNL2A", name: "ING" },
  { id: "ideal_KNABNL2H", name: "Knab" },
  { id: "ideal_RABONL2U", name: "Rabobank" },
  { id: "ideal_SNSBNL2A", name: "SNS" },
  { id: "ideal_TRIONL2U", name: "Triodos Bank" },
];

/** Austrian banks that take eps transfers. */
export const EPS_ISSUERS: Issuer[] = [
  { id: "eps_BKAUATWW", name: "Bank Austria" },
  { id: "eps_BAWAATWW", name: "BAWAG P.S.K." },
  { id: "eps_GIBAATWW", name: "Erste Bank und Sparkassen" },
  { id: "eps_RZBAATWW", name: "Raiffeisen Bankengruppe" },
  { id: "eps_VBOEATWW", name: "Volksbank" },
];

const ISSUERS: Partial<Record<PaymentMethod, Issuer[]>> = { ideal: IDEAL_ISSUERS, eps: EPS_ISSUERS };

/** The outcomes a tester can pick on the hosted checkout. */
export const CHECKOUT_OUTCOMES = ["paid", "pending", "failed", "canceled", "expired", "paid_declining"] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** What the test checkout needs to know of a payment to report on it. */
export type CheckoutPayment = { id: number; reference: string; amount: number; currency: string; method: string; sequence: PaymentSequence };

/** The test provider with what its own hosted checkout needs besides the common interface. */
export type TestProvider = PaymentProvider & {
  readonly name: "test";
  /** Whether the brand may use it: always outside production, in production only with allow_test_payments. */
  allowed(site: Site): boolean;
  issuerName(method: string, issuer: string | null): string | undefined;
  /** Reports the tester's choice to the webhook; "pending" reports paid later from a timer. */
  reportOutcome(input: { site: Site; payment: CheckoutPayment; outcome: CheckoutOutcome; webhookUrl: string }): Promise<DeliveryAnswer>;
};

/** A paid first payment by card, PayPal or direct debit leaves a mandate that repeat orders charge. */
export function leavesMandate(payment: { method: string; sequence: PaymentSequence }): boolean {
  return payment.sequence === "first" && (RECURRING_METHODS as readonly string[]).includes(payment.method);
}

export function isTestProvider(provider: PaymentProvider | undefined): provider is TestProvider {
  return provider?.name === "test" && "reportOutcome" in provider;
}

/** The value of X-Test-Signature for a body: "sha256=" and the hex HMAC-SHA256 of its exact bytes. */
export function signTestWebhook(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

type WebhookFields = {
  paymentId: number;
  reference: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  mandate?: { customerReference: string; mandateReference: string; method: string; label: string };
};

/** The form body of a test webhook, its fields always in the same order. */
export function testWebhookBody({ paymentId, reference, status, amount, currency, mandate }: WebhookFields): string {
  const fields: [string, string][] = [
    ["payment_id", String(paymentId)],
    ["reference", reference],
    ["status", status],
    ["amount", String(amount)],
    ["currency", currency],
  ];
  if (mandate) fields.push(["mandate", mandate.mandateReference], ["customer", mandate.customerReference], ["method", mandate.method], ["label", mandate.label]);
  return new URLSearchParams(fields).toString();
}

const REFERENCE = /^tst_[A-Za-z0-9_-]{1,64}$/;
const POSITIVE = /^[1-9]\d{0,14}$/;

/** A verified body's report, or why it is malformed. */
export function parseTestWebhook(body: string): ProviderReport {
  const form = new URLSearchParams(body);
  const malformed = (what: string) => new WebhookRefused("malformed", `test webhook: ${what}`);
  const one = (name: string) => {
    const values = form.getAll(name);
    if (values.length > 1) throw malformed(`${name} given twice`);
    return values[0];
  };
  const paymentId = one("payment_id");
  const reference = one("reference");
  const status = one("status");
  const amount = one("amount");
  const currency = one("currency");
  if (!paymentId || !POSITIVE.test(paymentId)) throw malformed("payment_id must be a positive whole number");
  if (!reference || !REFERENCE.test(reference)) throw malformed("reference must look like tst_…");
  if (!status || !(PAYMENT_STATUSES as string[]).includes(status)) throw malformed(`status must be one of ${PAYMENT_STATUSES.join(", ")}`);
  if (!amount || !POSITIVE.test(amount)) throw malformed("amount must be a positive number of minor units");
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw malformed("currency must be a three-letter code");
  const report: ProviderReport = { paymentId: Number(paymentId), providerReference: reference, status: status as PaymentStatus, amount: Number(amount), currency };
  const mandateFields = ["mandate", "customer", "method", "label"].map(one);
  if (mandateFields.some((value) => value !== undefined)) {
    const [mandate, customer, method, label] = mandateFields;
    if (!mandate || !REFERENCE.test(mandate) || !customer || !REFERENCE.test(customer) || !method || label === undefined) {
      throw malformed("mandate, customer, method and label come together");
    }
    report.mandate = { mandateReference: mandate, customerReference: customer, method, label };
  }
  return report;
}

const DECLINING_MANDATE = "tst_mdt_declines_";

/** The card or account a paid first payment leaves; the declining kind refuses every repeat charge. */
function newMandate(method: string, declining: boolean) {
  const card: Record<string, [string, string]> = {
    visa: ["Visa", "4242"],
    creditcard: ["Visa", "4242"],
    mastercard: ["Mastercard", "4444"],
    maestro: ["Maestro", "0005"],
  };
  const [brand, digits] = card[method] ?? ["", ""];
  const label = brand
    ? `${brand} •••• ${declining ? "0002" : digits}`
    : method === "paypal"
      ? `PayPal ${declining ? "d***" : "t***"}@example.com`
      : `IBAN NL•• •••• ${declining ? "0002" : "4300"}`;
  return {
    customerReference: `tst_cst_${randomBytes(8).toString("hex")}`,
    mandateReference: `${declining ? DECLINING_MANDATE : "tst_mdt_ok_"}${randomBytes(8).toString("hex")}`,
    method,
    label,
  };
}

export function createTestProvider(environment: ProviderEnvironment): TestProvider {
  const settleMs = environment.testSettleMs ?? DEFAULT_SETTLE_MS;
  let generated: Promise<string> | undefined;

  /** The signing secret: from the environment, else (never in production) one kept in DATA_DIR. */
  async function secretFor(site: Site): Promise<string | undefined> {
    const configured = environment.secret("TEST_PAYMENTS_SECRET", site);
    if (configured) return configured;
    if (environment.production) return undefined;
    generated ??= keptSecret(environment.dataDir, "test-payments-secret").catch((error: Error) => {
      generated = undefined;
      throw error;
    });
    return generated;
  }

  const allowed = (site: Site) => !environment.production || site.allow_test_payments;

  async function send(site: Site, webhookUrl: string, fields: WebhookFields): Promise<DeliveryAnswer> {
    const secret = await secretFor(site);
    if (!secret) throw new Error("TEST_PAYMENTS_SECRET is not set");
    const body = testWebhookBody(fields);
    const answer = await deliverWebhook(webhookUrl, body, {
      "content-type": "application/x-www-form-urlencoded",
      [TEST_SIGNATURE_HEADER]: signTestWebhook(body, secret),
      "user-agent": "amora-test-payments",
    });
    const level = answer.status < 300 ? "info" : "warn";
    environment.log[level]({ siteId: site.id, paymentId: fields.paymentId, status: fields.status, answer: answer.status }, "test payment webhook delivered");
    return answer;
  }

  /** Sends in the background, as a provider does on its own time; a failure is logged. */
  function sendLater(site: Site, webhookUrl: string, fields: WebhookFields, delayMs: number) {
    setTimeout(() => {
      send(site, webhookUrl, fields).catch((error: Error) =>
        environment.log.error({ err: error, siteId: site.id, paymentId: fields.paymentId }, "test payment webhook not delivered"),
      );
    }, delayMs).unref();
  }

  return {
    name: "test",
    webhookAnswer: "OK",
    allowed,

    async methods({ site, country }) {
      if (!allowed(site)) return [];
      const methods = (site.payment_methods as Record<string, PaymentMethod[] | undefined>)[country] ?? [];
      return methods.map((id) => ({ id, issuers: ISSUERS[id] ?? [] }));
    },

    issuerName(method, issuer) {
      return ISSUERS[method as PaymentMethod]?.find((option) => option.id === issuer)?.name;
    },

    async createPayment({ site, payment, webhookUrl, returnUrl, mandate }) {
      if (!allowed(site)) throw new Error(`test payments are refused in production on ${site.id} (allow_test_payments is not set)`);
      if (!(await secretFor(site))) throw new Error("TEST_PAYMENTS_SECRET is not set");
      const reference = `tst_${randomBytes(10).toString("hex")}`;
      if (payment.sequence === "recurring") {
        if (!mandate) throw new Error("a recurring test payment needs a mandate");
        // No checkout: the charge decides itself, and reports as the checkout would, once the order is stored.
        const status = mandate.mandateReference.startsWith(DECLINING_MANDATE) ? "failed" : "paid";
        sendLater(site, webhookUrl, { paymentId: payment.id, reference, status, amount: payment.amount, currency: payment.currency }, 50);
        return { providerReference: reference };
      }
      return { providerReference: reference, checkoutUrl: `${new URL(returnUrl).origin}/payments/test-checkout/${reference}` };
    },

    async reportOutcome({ site, payment, outcome, webhookUrl }) {
      const base = { paymentId: payment.id, reference: payment.reference, amount: payment.amount, currency: payment.currency };
      const paid: WebhookFields = {
        ...base,
        status: "paid",
        mandate: leavesMandate(payment) ? newMandate(payment.method, outcome === "paid_declining") : undefined,
      };
      if (outcome === "paid" || outcome === "paid_declining") return send(site, webhookUrl, paid);
      if (outcome === "pending") {
        const answer = await send(site, webhookUrl, { ...base, status: "pending" });
        sendLater(site, webhookUrl, paid, settleMs);
        return answer;
      }
      return send(site, webhookUrl, { ...base, status: outcome });
    },

    async readWebhook(delivery: WebhookDelivery, site: Site) {
      if (!allowed(site)) throw new WebhookRefused("wrong_site", `test payments are refused in production on ${site.id}`);
      if (delivery.method.toUpperCase() !== "POST") throw new WebhookRefused("malformed", "test webhook: must be a POST");
      const secret = await secretFor(site);
      const given = delivery.header(TEST_SIGNATURE_HEADER) ?? "";
      if (!secret || !sameSignature(given, signTestWebhook(delivery.body, secret))) {
        throw new WebhookRefused("bad_signature", "test webhook: the signature does not match the body");
      }
      const type = delivery.header("content-type") ?? "";
      if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) throw new WebhookRefused("malformed", "test webhook: must be a form body");
      return parseTestWebhook(delivery.body);
    },

    async refund() {
      return { status: "refunded" };
    },
  };
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
