import {
  createMollieClient,
  Locale,
  MethodInclude,
  SequenceType,
  type Mandate,
  type MollieClient,
  type Payment,
  type PaymentCreateParams,
} from "@mollie/api-client";
import type { PaymentStatus } from "../db/schema";
import type { CountryCode } from "../sites/countries";
import type { PaymentMethod } from "../sites/payments";
import type { Site } from "../sites/schema";
import { decimalAmount, minorUnitsOf } from "./money";
import type { ProviderEnvironment } from "./providers";
import { WebhookRefused, type MethodOption, type PaymentProvider, type ProviderReport } from "./provider";

/**
 * Mollie through its official client. The brand's key comes from MOLLIE_API_KEY(_<SITE>);
 * MOLLIE_API_URL points the client elsewhere (the local stand-in in tests). Mollie's webhook
 * carries only a payment id, so every report is what the API answers for that id, never the body.
 */

/** Our method ids that each Mollie method pays for: every card brand goes through Mollie's one card method. */
const OURS_BY_MOLLIE: Record<string, readonly PaymentMethod[]> = {
  creditcard: ["creditcard", "visa", "mastercard", "maestro", "cartebancaire"],
  ideal: ["ideal"],
  bancontact: ["bancontact"],
  paypal: ["paypal"],
  banktransfer: ["banktransfer"],
  directdebit: ["directdebit"],
  eps: ["eps"],
  giropay: ["giropay"],
  sofort: ["sofort"],
  przelewy24: ["przelewy24"],
  applepay: ["applepay"],
  paysafecard: ["paysafecard"],
  twint: ["twint"],
  blik: ["blik"],
  satispay: ["satispay"],
  mobilepay: ["mobilepay"],
  swish: ["swish"],
  vipps: ["vipps"],
};

const MOLLIE_BY_OURS = new Map<PaymentMethod, string>(
  Object.entries(OURS_BY_MOLLIE).flatMap(([mollie, ours]) => ours.map((id) => [id, mollie] as const)),
);

/** Mollie's id for one of our methods, if Mollie takes it. */
export const mollieMethodOf = (method: string): string | undefined => MOLLIE_BY_OURS.get(method as PaymentMethod);

const PAYMENT_ID = /^tr_[A-Za-z0-9]{2,64}$/;

export function createMollieProvider(environment: ProviderEnvironment): PaymentProvider {
  const clients = new Map<string, MollieClient>();

  /** The brand's client: one per key, made on first use (a brand on another provider needs no key). */
  function clientFor(site: Site): MollieClient {
    const apiKey = environment.secret("MOLLIE_API_KEY", site);
    if (!apiKey) throw new Error(`MOLLIE_API_KEY is not set for brand "${site.id}": set MOLLIE_API_KEY_${site.id.toUpperCase().replace(/[^A-Z0-9]/g, "_")} or MOLLIE_API_KEY`);
    const apiEndpoint = environment.secret("MOLLIE_API_URL");
    // The official client sends everything through an https agent; say so rather than fail on each call.
    if (apiEndpoint && !apiEndpoint.startsWith("https://")) throw new Error(`MOLLIE_API_URL must be an https:// address, the only kind the Mollie client speaks: ${apiEndpoint}`);
    const key = `${apiKey}\n${apiEndpoint ?? ""}`;
    let client = clients.get(key);
    if (!client) {
      client = createMollieClient(apiEndpoint ? { apiKey, apiEndpoint } : { apiKey });
      clients.set(key, client);
    }
    return client;
  }

  return {
    name: "mollie",
    webhookAnswer: "",

    async methods({ site, country, currency, amount, sequence, locale }) {
      const offered = site.payment_methods[country as CountryCode] ?? [];
      const found = await ask(site, "the payment methods", () =>
        clientFor(site).methods.list({
          amount: { currency, value: decimalAmount(amount, currency) },
          locale: mollieLocale(locale, country),
          sequenceType: SequenceType[sequence],
          include: MethodInclude.issuers,
          ...(offered.includes("applepay") ? { includeWallets: "applepay" } : {}),
        }),
      );
      const byOurs = new Map<PaymentMethod, MethodOption>();
      for (const method of found) {
        const issuers = (method.issuers ?? []).map(({ id, name }) => ({ id, name }));
        for (const id of OURS_BY_MOLLIE[method.id] ?? []) byOurs.set(id, { id, issuers });
      }
      // The brand's order, the brand's choice: only what both the brand and Mollie offer now.
      return offered.flatMap((id) => byOurs.get(id) ?? []);
    },

    async createPayment({ site, payment, member, returnUrl, webhookUrl, mandate }) {
      const client = clientFor(site);
      const parameters: PaymentCreateParams = {
        amount: { currency: payment.currency, value: decimalAmount(payment.amount, payment.currency) },
        description: payment.description.slice(0, 255),
        redirectUrl: returnUrl,
        webhookUrl,
        metadata: { payment_id: payment.id, site: site.id },
        locale: mollieLocale(member.locale, member.country),
        sequenceType: SequenceType[payment.sequence],
        // A retried call (a timeout, a restart) makes no second payment at Mollie.
        idempotencyKey: `payment-${site.id}-${payment.id}`,
      };
      if (payment.sequence === "recurring") {
        if (!mandate) throw new Error(`Mollie: payment ${payment.id} is recurring but has no mandate to charge`);
        // Mollie charges the mandate's own method; no checkout, no issuer.
        Object.assign(parameters, { customerId: mandate.customerReference, mandateId: mandate.mandateReference });
      } else {
        const method = mollieMethodOf(payment.method);
        if (!method) throw new Error(`Mollie does not take the payment method "${payment.method}" (payment ${payment.id})`);
        Object.assign(parameters, { method, ...(payment.issuer ? { issuer: payment.issuer } : {}) });
        if (payment.sequence === "first") {
          // The mandate is attached to a customer; Mollie keeps it, we learn it from the paid payment.
          const customerId =
            mandate?.customerReference ??
            (
              await ask(site, "a new customer", () =>
                client.customers.create({
                  email: member.email,
                  locale: mollieLocale(member.locale, member.country),
                  metadata: { account_id: member.accountId, site: site.id },
                  idempotencyKey: `customer-${site.id}-${payment.id}`,
                }),
              )
            ).id;
          parameters.customerId = customerId;
        }
      }
      const created = await ask(site, "the payment", () => client.payments.create(parameters));
      const checkoutUrl = created._links.checkout?.href;
      return {
        providerReference: created.id,
        ...(checkoutUrl ? { checkoutUrl } : {}),
        ...(payment.sequence === "recurring" || !checkoutUrl ? { status: statusOf(created) } : {}),
      };
    },

    async readWebhook(delivery, site) {
      if (delivery.method.toUpperCase() !== "POST") throw new WebhookRefused("malformed", `Mollie posts its webhook; got ${delivery.method}`);
      const id = new URLSearchParams(delivery.body).get("id") ?? "";
      if (!PAYMENT_ID.test(id)) throw new WebhookRefused("malformed", `Mollie webhook without a payment id (tr_…): ${JSON.stringify(id.slice(0, 40))}`);
      const client = clientFor(site);
      const payment = await fetchForWebhook(`payment ${id}`, () => client.payments.get(id));
      return reportOf(payment, site, client);
    },

    async refund({ site, providerReference, amount, currency, description }) {
      const refund = await ask(site, `a refund of ${providerReference}`, () =>
        clientFor(site).paymentRefunds.create({
          paymentId: providerReference,
          amount: { currency, value: decimalAmount(amount, currency) },
          description: description.slice(0, 255),
        }),
      );
      if (refund.status === "failed" || refund.status === "canceled") throw new Error(`Mollie ${refund.status} the refund ${refund.id} of ${providerReference}`);
      return { status: refund.status === "refunded" ? "refunded" : "pending" };
    },
  };
}

/** What the fetched payment says, checked field by field; the mandate is read for a paid first payment. */
async function reportOf(payment: Payment, site: Site, client: MollieClient): Promise<ProviderReport> {
  const { currency } = payment.amount;
  const amount = minorUnitsOf(payment.amount.value, currency);
  if (amount === undefined) throw new WebhookRefused("malformed", `Mollie payment ${payment.id} has an amount we cannot read: ${payment.amount.value}`);
  const metadata = (typeof payment.metadata === "object" && payment.metadata !== null ? payment.metadata : {}) as Record<string, unknown>;
  if (typeof metadata.site === "string" && metadata.site !== site.id)
    throw new WebhookRefused("wrong_site", `Mollie payment ${payment.id} belongs to brand "${metadata.site}", not "${site.id}"`);
  const paymentId = Number(metadata.payment_id);
  const status = statusOf(payment);
  const report: ProviderReport = {
    providerReference: payment.id,
    status,
    amount,
    currency,
    transactionCosts: costsOf(payment),
    ...(Number.isSafeInteger(paymentId) && paymentId > 0 ? { paymentId } : {}),
  };
  const failure = failureOf(payment);
  if (status === "failed" && failure) report.failureReason = failure;
  if (status === "paid" && payment.sequenceType === SequenceType.first && payment.mandateId && payment.customerId) {
    const { mandateId, customerId } = payment;
    const mandate = await fetchForWebhook(`mandate ${mandateId}`, () => client.customerMandates.get(mandateId, { customerId }));
    if (mandate.status !== "invalid")
      report.mandate = { customerReference: customerId, mandateReference: mandate.id, method: OURS_BY_MOLLIE[mandate.method]?.[0] ?? mandate.method, label: mandateLabel(mandate) };
  }
  return report;
}

/** Mollie's status in our words: authorized waits for capture (pending); a paid payment may since have been paid back. */
function statusOf(payment: Payment): PaymentStatus {
  switch (payment.status) {
    case "open":
      return "open";
    case "pending":
    case "authorized":
      return "pending";
    case "failed":
    case "canceled":
    case "expired":
      return payment.status;
    case "paid": {
      const { currency } = payment.amount;
      const whole = minorUnitsOf(payment.amount.value, currency) ?? 0;
      const chargedBack = payment.amountChargedBack ? (minorUnitsOf(payment.amountChargedBack.value, currency) ?? 0) : 0;
      const refunded = payment.amountRefunded ? (minorUnitsOf(payment.amountRefunded.value, currency) ?? 0) : 0;
      if (chargedBack > 0) return "charged_back";
      if (whole > 0 && refunded >= whole) return "refunded";
      return "paid";
    }
    default:
      throw new WebhookRefused("malformed", `Mollie payment ${payment.id} has a status we do not know: ${String(payment.status)}`);
  }
}

/**
 * What the payment cost us, where Mollie says: the gap to the settled amount in the same currency,
 * or PayPal's own fee; Mollie invoices its other fees separately, so 0 otherwise.
 */
function costsOf(payment: Payment): number {
  const { currency } = payment.amount;
  const whole = minorUnitsOf(payment.amount.value, currency);
  const settled = payment.settlementAmount;
  if (whole !== undefined && settled && settled.currency === currency) {
    const net = minorUnitsOf(settled.value, currency);
    if (net !== undefined && net <= whole) return whole - net;
  }
  const details = (payment.details ?? {}) as { paypalFee?: { value: string; currency: string } };
  if (details.paypalFee && details.paypalFee.currency === currency) return minorUnitsOf(details.paypalFee.value, currency) ?? 0;
  return 0;
}

function failureOf(payment: Payment): string | undefined {
  const details = (payment.details ?? {}) as { failureMessage?: string; failureReason?: string };
  return payment.statusReason?.message ?? details.failureMessage ?? details.failureReason;
}

/** How the member recognises a stored mandate: "Visa •••• 4242", the PayPal address, or the account's last digits. */
export function mandateLabel(mandate: Pick<Mandate, "method" | "details">): string {
  const details = mandate.details as { cardLabel?: string | null; cardNumber?: string; consumerName?: string; consumerAccount?: string };
  if (mandate.method === "creditcard") return `${details.cardLabel ?? "Card"} •••• ${(details.cardNumber ?? "").slice(-4)}`.trim();
  if (mandate.method === "paypal") return `PayPal ${details.consumerAccount ?? details.consumerName ?? ""}`.trim();
  return `${details.consumerName ?? ""} •••• ${(details.consumerAccount ?? "").replace(/\s/g, "").slice(-4)}`.trim();
}

const MOLLIE_LOCALES = new Set<string>(Object.values(Locale));

/** Mollie's locale for a language and country ("nl", "BE" → nl_BE), the language's first otherwise; none lets Mollie choose. */
export function mollieLocale(language: string, country: string): Locale | undefined {
  const lang = language.slice(0, 2).toLowerCase();
  const exact = `${lang}_${country.toUpperCase()}`;
  if (MOLLIE_LOCALES.has(exact)) return exact as Locale;
  return [...MOLLIE_LOCALES].find((locale) => locale.startsWith(`${lang}_`)) as Locale | undefined;
}

type ApiFailure = Error & { statusCode?: number; field?: string };
const apiFailure = (error: unknown): ApiFailure | undefined => (error instanceof Error ? (error as ApiFailure) : undefined);

/** A call made for an order or a refund: a refusal becomes an error that says what Mollie answered. */
async function ask<T>(site: Site, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = apiFailure(error);
    const status = failure?.statusCode;
    const reason = failure?.message ?? String(error);
    if (status === 401)
      throw new Error(`Mollie refused the API key of brand "${site.id}" (401: ${reason}); check MOLLIE_API_KEY`, { cause: error });
    const field = failure?.field ? ` [${failure.field}]` : "";
    throw new Error(`Mollie ${status ? `refused ${what} (${status}${field}: ${reason})` : `could not be reached for ${what}: ${reason}`}`, { cause: error });
  }
}

/** A call made for a webhook: Mollie's 404 means the id is none of this brand's; anything else we cannot vouch for now. */
async function fetchForWebhook<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const failure = apiFailure(error);
    if (failure?.statusCode === 404) throw new WebhookRefused("unknown_payment", `Mollie knows no ${what} for this brand`);
    throw new WebhookRefused("provider_unreachable", `Mollie could not be asked for ${what}: ${failure?.statusCode ? `${failure.statusCode} ` : ""}${failure?.message ?? String(error)}`);
  }
}
