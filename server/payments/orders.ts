import { sql, type Kysely } from "kysely";
import type { Services } from "../http/request-context";
import type { Database, PaymentSequence } from "../db/schema";
import { memberLanguage } from "../notifications/recipient";
import { RECURRING_METHODS, type PackageTier, type PaymentMethod } from "../sites/payments";
import type { Site } from "../sites/schema";
import { discountAllowsMethod, holdDiscount, priceAfter, type Discount } from "../promotions/discounts";
import type { PaymentProvider } from "./provider";
import { packageFor } from "./packages";

export type OrderMember = { accountId: number; profileId: number; email: string; language: string; country: string };

export type PlaceOrderInput = {
  services: Services;
  site: Site;
  member: OrderMember;
  /** The visitor's country and currency, from the request context. */
  country: string;
  currency: string;
  tier: PackageTier;
  method: PaymentMethod;
  issuer?: string;
  /** A random key the order form carries: the same key twice makes one payment (double click, resent form). */
  orderKey: string;
  /** The site's origin for return and webhook URLs (request context `origin`). */
  origin: string;
  /** The discount the member's order form carries, as server/promotions looked it up for this request. */
  discount?: Discount;
};

/** "invalid": the order key is missing or not a key (a tampered or truncated form). */
export type OrderRefusal =
  | "invalid"
  | "unknown_package"
  | "method_unavailable"
  | "issuer_required"
  | "purchases_blocked"
  | "provider_error"
  /** The discount may not be paid with this method. */
  | "discount_method"
  /** Another payment of the member took the once-only discount meanwhile. */
  | "discount_used";

export type OrderResult =
  | { kind: "checkout"; paymentId: number; url: string }
  /** A recurring charge: no checkout; the return page follows the payment. */
  | { kind: "charged"; paymentId: number; returnPath: string }
  | { kind: "refused"; reason: OrderRefusal };

/** An order key as forms carry it: random, 8 to 64 URL-safe characters (a UUID, say). */
export const isOrderKey = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(value);

/** Where the provider sends the member back to: the return page of the package and method. */
export const returnPath = (payment: { id: number; package: string; method: string }) =>
  `/credits/${payment.package}/${payment.method}?payment=${payment.id}`;

/**
 * Places an order for a package with a method of the visitor's country: checks it, stores the
 * payment (open, expiring after the brand's payment_expiry_minutes) and starts it at the brand's
 * provider, answering the checkout to send the member to.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<OrderResult> {
  const { services, site, member, country, currency, tier, method, issuer } = input;
  if (!isOrderKey(input.orderKey)) return refused("invalid");
  const price = packageFor(site, currency, tier)?.price;
  if (price === undefined) return refused("unknown_package");
  const { amount, discount } = priceAfter(input.discount, price);
  if (discount && !discountAllowsMethod(discount, method)) return refused("discount_method");
  const provider = services.payments.forSite(site);
  const sequence: PaymentSequence = RECURRING_METHODS.includes(method) ? "first" : "oneoff";
  const options = await provider.methods({ site, country, currency, amount, sequence, locale: member.language });
  const option = options.find((candidate) => candidate.id === method);
  if (!option) return refused("method_unavailable");
  if (option.issuers.length > 0 && !option.issuers.some((candidate) => candidate.id === issuer)) return refused("issuer_required");
  // A first payment joins the member's customer at the provider, when they have one already.
  const mandate = sequence === "first" ? await newestMandate(services.store.db, { siteId: site.id, accountId: member.accountId, provider: provider.name }) : undefined;
  return startPayment(input, provider, { amount, price, discount, method, issuer: option.issuers.length > 0 ? (issuer ?? null) : null, sequence, mandate });
}

/** Charges the member's stored card or mandate for a package again, without a checkout. */
export async function repeatOrder(input: Omit<PlaceOrderInput, "method" | "issuer">): Promise<OrderResult | { kind: "refused"; reason: "no_mandate" }> {
  const { services, site, member, currency, tier } = input;
  if (!isOrderKey(input.orderKey)) return refused("invalid");
  const amount = packageFor(site, currency, tier)?.price;
  if (amount === undefined) return refused("unknown_package");
  const provider = services.payments.forSite(site);
  const mandate = await newestMandate(services.store.db, { siteId: site.id, accountId: member.accountId, provider: provider.name });
  if (!mandate) return { kind: "refused", reason: "no_mandate" };
  return startPayment(input, provider, { amount, price: amount, discount: undefined, method: mandate.method, issuer: null, sequence: "recurring", mandate });
}

const refused = (reason: OrderRefusal) => ({ kind: "refused" as const, reason });

type Mandate = { customerReference: string; mandateReference: string; method: string; label: string };

async function newestMandate(db: Kysely<Database>, { siteId, accountId, provider }: { siteId: string; accountId: number; provider: string }): Promise<Mandate | undefined> {
  return db
    .selectFrom("payment_mandates")
    .select(["customer_reference as customerReference", "mandate_reference as mandateReference", "method", "label"])
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .where("provider", "=", provider)
    .where("status", "=", "valid")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

type Order = {
  amount: number;
  /** The package's own price, before the discount. */
  price: number;
  discount: Discount | undefined;
  method: string;
  issuer: string | null;
  sequence: PaymentSequence;
  mandate: Mandate | undefined;
};

/** Another payment holds the once-only discount: this one's row must not stay. */
class DiscountTaken extends Error {}

/**
 * Stores the payment, then starts it at the provider. The two cannot share a transaction (no
 * transaction waits on another company's server): the row comes first, so the webhook always finds
 * it, and a provider that fails leaves it failed rather than open.
 */
async function startPayment(input: Omit<PlaceOrderInput, "method" | "issuer">, provider: PaymentProvider, order: Order): Promise<OrderResult> {
  const { services, site, member, currency, tier, orderKey, origin } = input;
  const db = services.store.db;
  const pack = site.packages.find((candidate) => candidate.tier === tier);
  if (!pack) return refused("unknown_package");

  const stored = await db.transaction().execute(async (tx) => {
    // A member's orders queue on their account row: of two equal keys, the second sees the first's row.
    const account = await tx
      .selectFrom("accounts")
      .select("purchases_blocked_at")
      .where("id", "=", member.accountId)
      .where("site_id", "=", site.id)
      .forUpdate()
      .executeTakeFirst();
    const earlier = await tx.selectFrom("payments").select("id").where("account_id", "=", member.accountId).where("order_key", "=", orderKey).executeTakeFirst();
    if (earlier) return { kind: "earlier" as const, id: earlier.id };
    if (!account || account.purchases_blocked_at) return { kind: "blocked" as const, id: 0 };
    const row = await tx
      .insertInto("payments")
      .values({
        site_id: site.id,
        account_id: member.accountId,
        package: pack.tier,
        credits: pack.credits,
        amount: order.amount,
        currency,
        method: order.method,
        issuer: order.issuer,
        provider: provider.name,
        sequence: order.sequence,
        order_key: orderKey,
        expires_at: sql<Date>`now() + make_interval(mins => ${site.payment_expiry_minutes})`,
        ...(order.discount ? { discount_code: order.discount.code, discount_percentage: order.discount.percentage, amount_before_discount: order.price } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (order.discount && !(await holdDiscount(tx, { discount: order.discount, accountId: member.accountId, paymentId: row.id }))) throw new DiscountTaken();
    return { kind: "new" as const, id: row.id };
  }).catch((error: unknown) => {
    if (error instanceof DiscountTaken) return { kind: "discount_taken" as const, id: 0 };
    throw error;
  });
  if (stored.kind === "discount_taken") return refused("discount_used");
  if (stored.kind === "blocked") return refused("purchases_blocked");
  if (stored.kind === "earlier") return answerEarlier(db, stored.id);

  const payment = { id: stored.id, package: pack.tier, method: order.method };
  const { t } = memberLanguage(services, site, member);
  try {
    const created = await provider.createPayment({
      site,
      payment: {
        id: payment.id,
        amount: order.amount,
        currency,
        method: order.method,
        issuer: order.issuer,
        sequence: order.sequence,
        credits: pack.credits,
        description: t("checkout:description", { brand: site.name, credits: pack.credits }),
      },
      member: { accountId: member.accountId, email: member.email, locale: member.language, country: member.country },
      returnUrl: `${origin}${returnPath(payment)}`,
      webhookUrl: `${origin}/payments/webhook/${provider.name}`,
      mandate: order.mandate && { customerReference: order.mandate.customerReference, mandateReference: order.mandate.mandateReference },
    });
    // A status the provider decided at once comes by webhook too: one path changes a payment's status.
    await db
      .updateTable("payments")
      .set({ ...(created.providerReference ? { provider_reference: created.providerReference } : {}), checkout_url: created.checkoutUrl ?? null, updated_at: sql<Date>`now()` })
      .where("id", "=", payment.id)
      .execute();
    if (created.checkoutUrl) return { kind: "checkout", paymentId: payment.id, url: created.checkoutUrl };
    return { kind: "charged", paymentId: payment.id, returnPath: returnPath(payment) };
  } catch (error) {
    services.log.error({ err: error, siteId: site.id, paymentId: payment.id, provider: provider.name }, "starting a payment failed");
    await db
      .updateTable("payments")
      .set({ status: "failed", ended_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where("id", "=", payment.id)
      .where("status", "=", "open")
      .execute();
    return refused("provider_error");
  }
}

const EARLIER_WAIT_MS = 10_000;

/**
 * The answer to an order key seen before: the checkout the first request opened, or the return page
 * once the payment is under way. The first request may still be talking to the provider: wait for it.
 */
async function answerEarlier(db: Kysely<Database>, paymentId: number): Promise<OrderResult> {
  const deadline = Date.now() + EARLIER_WAIT_MS;
  for (;;) {
    const payment = await db
      .selectFrom("payments")
      .select(["id", "package", "method", "status", "provider_reference", "checkout_url", "sequence"])
      .where("id", "=", paymentId)
      .executeTakeFirstOrThrow();
    // Started once the provider answered: a reference, or a checkout page alone (Verotel names its sale only in the postback).
    const started = payment.provider_reference !== null || payment.checkout_url !== null;
    if (!started && payment.status === "failed") return refused("provider_error");
    if (started || payment.status !== "open" || Date.now() > deadline) {
      if (payment.status === "open" && payment.checkout_url) return { kind: "checkout", paymentId, url: payment.checkout_url };
      return { kind: "charged", paymentId, returnPath: returnPath(payment) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

