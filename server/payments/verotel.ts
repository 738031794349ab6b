import { createHash, timingSafeEqual } from "node:crypto";
import type { PaymentStatus } from "../db/schema";
import type { PaymentMethod } from "../sites/payments";
import type { Site } from "../sites/schema";
import { decimalAmount, minorUnitsOf } from "./money";
import {
  WebhookRefused,
  type CreatedPayment,
  type CreatePaymentInput,
  type MethodOption,
  type MethodsInput,
  type PaymentProvider,
  type ProviderReport,
  type WebhookDelivery,
} from "./provider";
import type { ProviderEnvironment } from "./providers";

/**
 * Verotel FlexPay (docs/decisions/016-verotel-flexpay.md): the member pays on FlexPay's own page,
 * reached by a purchase URL we sign; FlexPay reports the sale by a signed postback to the URL set
 * for the website in its Control Center, and wants "OK" back. Refunds are made in the Control
 * Center and arrive here as a credit postback.
 */

/** FlexPay's published order page (the Verotel brand); VEROTEL_FLEXPAY_URL names another (CardBilling, a stand-in). */
export const FLEXPAY_URL = "https://secure.verotel.com/startorder";
export const FLEXPAY_VERSION = "4";

/** The currencies FlexPay sells in. */
export const FLEXPAY_CURRENCIES: readonly string[] = ["USD", "EUR", "GBP", "AUD", "CAD", "CHF", "DKK", "NOK", "SEK"];

/** Our methods FlexPay's page takes, by its paymentMethod value. It shows no banks to pick beforehand. */
const FLEXPAY_METHODS: Partial<Record<PaymentMethod, string>> = {
  creditcard: "CC",
  visa: "CC",
  mastercard: "CC",
  maestro: "CC",
  ideal: "IDEAL",
  directdebit: "DDEU",
};

/** The order-page parameters FlexPay signs (protocol 4); others, such as email, travel unsigned. */
const SIGNED_PURCHASE_PARAMETERS = new Set([
  "version", "shopID", "type", "priceAmount", "priceCurrency", "paymentMethod", "description", "referenceID",
  "saleID", "custom1", "custom2", "custom3", "subscriptionType", "period", "name", "trialAmount", "trialPeriod",
  "cancelDiscountPercentage", "successURL", "declineURL", "precedingSaleID", "upgradeOption", "mcc",
  "subCreditorName", "subCreditorId", "subCreditorCountry",
]);

/** FlexPay's limits on the free texts of an order. */
const DESCRIPTION_LIMIT = 100;
const EMAIL_LIMIT = 100;

/**
 * FlexPay's signature: the hex hash of the signature key followed by every name=value pair, sorted
 * by name, all joined with ":". SHA-256 now; SHA-1 in older protocol versions.
 */
export function flexPaySignature(key: string, parameters: Iterable<[string, string]>, algorithm: "sha256" | "sha1" = "sha256"): string {
  const pairs = [...parameters].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, value]) => `${name}=${value}`);
  return createHash(algorithm).update([key, ...pairs].join(":"), "utf8").digest("hex");
}

/** The signed address of FlexPay's order page for one purchase. Empty values are left out, as FlexPay does. */
export function purchaseUrl(base: string, key: string, parameters: Record<string, string | undefined>): string {
  const present = Object.entries(parameters)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "")
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const signature = flexPaySignature(key, present.filter(([name]) => SIGNED_PURCHASE_PARAMETERS.has(name)));
  const url = new URL(base);
  url.search = new URLSearchParams([...present, ["signature", signature]]).toString();
  return url.toString();
}

/** A refund FlexPay does not take by API: the Control Center makes it, and its credit postback reports it. */
export class RefundInBackOffice extends Error {
  override name = "RefundInBackOffice";
}

export function createVerotelProvider(environment: ProviderEnvironment): PaymentProvider {
  const base = orderPage(environment.secret("VEROTEL_FLEXPAY_URL"));

  function credentials(site: Site): { shopId: string; key: string } {
    const shopId = environment.secret("VEROTEL_SHOP_ID", site);
    const key = environment.secret("VEROTEL_SIGNATURE_KEY", site);
    if (!shopId || !key) {
      // Our own setup, not the sender's fault: a 5xx, so FlexPay delivers again once it is fixed.
      throw new Error(`Verotel FlexPay is not set up for ${site.id}: VEROTEL_SHOP_ID and VEROTEL_SIGNATURE_KEY are needed (per brand or shared)`);
    }
    return { shopId, key };
  }

  return {
    name: "verotel",
    webhookAnswer: "OK",

    async methods(input: MethodsInput): Promise<MethodOption[]> {
      // Repeat orders go through a new checkout on FlexPay's page (no stored cards here).
      if (input.sequence === "recurring" || !FLEXPAY_CURRENCIES.includes(input.currency)) return [];
      const offered = (input.site.payment_methods as Record<string, PaymentMethod[] | undefined>)[input.country] ?? [];
      return offered.filter((method) => FLEXPAY_METHODS[method] !== undefined).map((id) => ({ id, issuers: [] }));
    },

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const { payment, site } = input;
      if (payment.sequence === "recurring") {
        throw new Error("Verotel FlexPay charges no stored card: a repeat order is a new checkout on FlexPay's page");
      }
      if (!FLEXPAY_CURRENCIES.includes(payment.currency)) {
        throw new Error(`Verotel FlexPay does not sell in ${payment.currency} (it takes ${FLEXPAY_CURRENCIES.join(", ")})`);
      }
      const method = FLEXPAY_METHODS[payment.method as PaymentMethod];
      if (!method) throw new Error(`Verotel FlexPay does not take the method "${payment.method}"`);
      if (!Number.isSafeInteger(payment.amount) || payment.amount < 1) throw new Error(`Not an amount to pay: ${payment.amount}`);
      const { shopId, key } = credentials(site);
      const email = input.member.email.length <= EMAIL_LIMIT ? input.member.email : undefined;
      const checkoutUrl = purchaseUrl(base, key, {
        version: FLEXPAY_VERSION,
        type: "purchase",
        shopID: shopId,
        priceAmount: decimalAmount(payment.amount, payment.currency),
        priceCurrency: payment.currency,
        paymentMethod: method,
        description: printable(payment.description, DESCRIPTION_LIMIT),
        referenceID: String(payment.id),
        // FlexPay sends the member back to successURL after a sale and to declineURL otherwise;
        // the return page asks us for the status either way. Its postback URL is a shop setting.
        successURL: input.returnUrl,
        declineURL: input.returnUrl,
        email,
      });
      return { checkoutUrl };
    },

    async readWebhook(delivery: WebhookDelivery, site: Site): Promise<ProviderReport> {
      const parameters = postbackParameters(delivery);
      const given = parameters.get("signature")?.toLowerCase();
      if (!given) throw new WebhookRefused("bad_signature", "Verotel postback without a signature");
      const { shopId, key } = credentials(site);
      const signed = [...parameters].filter(([name]) => name !== "signature");
      if (!signatureMatches(given, key, signed)) throw new WebhookRefused("bad_signature", "Verotel postback signature does not match");
      if (parameters.get("shopID") !== shopId) {
        throw new WebhookRefused("wrong_site", `Verotel postback for shop ${parameters.get("shopID") ?? "(none)"}, not ${site.id}'s`);
      }
      const status = statusOf(parameters);
      const currency = parameters.get("priceCurrency") ?? "";
      const priceAmount = parameters.get("priceAmount") ?? "";
      const amount = FLEXPAY_CURRENCIES.includes(currency) ? minorUnitsOf(priceAmount, currency) : undefined;
      if (amount === undefined) throw new WebhookRefused("malformed", `Verotel postback amount "${priceAmount} ${currency}" is not one we read`);
      const reference = parameters.get("referenceID") ?? "";
      const paymentId = /^[1-9]\d{0,15}$/.test(reference) ? Number(reference) : NaN;
      if (!Number.isSafeInteger(paymentId)) throw new WebhookRefused("malformed", `Verotel postback referenceID "${reference}" is not one of our payments`);
      const saleId = parameters.get("saleID");
      if (!saleId) throw new WebhookRefused("malformed", "Verotel postback without a saleID");
      return { paymentId, providerReference: saleId, status, amount, currency };
    },

    async refund(): Promise<never> {
      throw new RefundInBackOffice(
        "Verotel FlexPay refunds are made in the Verotel Control Center; its credit postback then marks the payment refunded here",
      );
    },
  };
}

/** The order page from VEROTEL_FLEXPAY_URL: a full address, or a host whose /startorder is meant. */
function orderPage(configured: string | undefined): string {
  if (!configured) return FLEXPAY_URL;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`VEROTEL_FLEXPAY_URL must be an address such as ${FLEXPAY_URL}, not "${configured}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`VEROTEL_FLEXPAY_URL must be an http(s) address, not "${configured}"`);
  if (url.pathname === "/") url.pathname = "/startorder";
  return url.toString();
}

/**
 * The postback's parameters: FlexPay sends a GET with a query; a form POST is read from its body.
 * A name given twice, or a value with control characters, is refused: both could make the signed
 * text differ from what we act on (control characters are what hash-padding tricks need).
 */
function postbackParameters(delivery: WebhookDelivery): Map<string, string> {
  const source = delivery.method.toUpperCase() === "POST" && delivery.body.trim() !== "" ? new URLSearchParams(delivery.body) : delivery.query;
  const parameters = new Map<string, string>();
  for (const [name, value] of source) {
    if (parameters.has(name)) throw new WebhookRefused("malformed", `Verotel postback names "${name}" twice`);
    if (/[\p{Cc}]/u.test(name) || /[\p{Cc}]/u.test(value)) throw new WebhookRefused("malformed", `Verotel postback "${name}" holds control characters`);
    parameters.set(name, value);
  }
  return parameters;
}

/** SHA-256, or SHA-1 as FlexPay's own client still accepts from shops on the older protocol; compared in constant time. */
function signatureMatches(given: string, key: string, signed: [string, string][]): boolean {
  const algorithm = given.length === 64 ? "sha256" : given.length === 40 ? "sha1" : undefined;
  if (!algorithm || !/^[0-9a-f]+$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(flexPaySignature(key, signed, algorithm), "hex"));
}

/**
 * What the postback says happened. A one-off purchase's sale postback carries type=purchase and no
 * event (FlexPay sends it for approved sales only); "initial" is the same for a sale started as a
 * subscription. Refunds arrive as "credit", reversals as "chargeback". Subscription events (rebill,
 * cancel, expiry…) belong to no payment of ours.
 */
function statusOf(parameters: Map<string, string>): PaymentStatus {
  const event = parameters.get("event");
  if (event === undefined) {
    if (parameters.get("type") === "purchase") return "paid";
    throw new WebhookRefused("malformed", `Verotel postback of type "${parameters.get("type") ?? "(none)"}" without an event`);
  }
  switch (event) {
    case "initial":
    case "purchase":
      return "paid";
    case "credit":
      return "refunded";
    case "chargeback":
      return "charged_back";
    default:
      throw new WebhookRefused("malformed", `Verotel postback event "${event}" is not one we act on`);
  }
}

/** Printable text of at most `limit` characters, as FlexPay shows it on its page. */
function printable(text: string, limit: number): string {
  return [...text.replace(/[\p{Cc}]+/gu, " ").trim()].slice(0, limit).join("");
}
