import type { Selectable, Transaction } from "kysely";
import { publishToMember } from "../chat/events";
import { changeCredits } from "../credits/ledger";
import type { Database, PaymentStatus, PaymentsTable } from "../db/schema";
import type { Services } from "../http/request-context";
import type { PaymentProviderName } from "../sites/payments";
import type { Site } from "../sites/schema";
import { settleDiscountHold } from "../promotions/discounts";
import { WebhookRefused, type ProviderReport } from "./provider";
import type { PaymentProviders } from "./providers";
import { PAYMENT_STATUSES, transition, UNSETTLED } from "./states";
import { takeBackCredits } from "./take-back";

type SettleServices = Pick<Services, "store" | "bus" | "log">;
type Payment = Selectable<PaymentsTable>;

/** What a status change left for the member's open tabs, published once it is committed. */
type Announcement = { paymentId: number; profileId: number | null; status: PaymentStatus; credits: number; balance: number; paidUser: boolean };

export type Settled = { outcome: "applied" | "duplicate"; paymentId: number; status: PaymentStatus; accountId: number };

export type Outcome = { refused: WebhookRefused; paymentId?: number } | { settled: Settled; announce?: Announcement };

/**
 * Applies what a provider vouched for about one payment, in one transaction: the payment row is
 * locked first, so deliveries of the same payment queue up and each sees the last one's status.
 * A report for an unknown payment, for another brand's payment, with another amount or currency
 * than was ordered, or with a status that goes back is recorded in payment_events, logged, changes
 * nothing else and is thrown as WebhookRefused; the same status again is a recorded duplicate.
 */
export async function applyReport({ services, site, provider, report }: { services: SettleServices; site: Site; provider: { name: PaymentProviderName }; report: ProviderReport }): Promise<Settled> {
  const outcome = await settle(services, { site, provider: provider.name, report, source: "provider" });
  if ("refused" in outcome) {
    services.log.warn({ siteId: site.id, provider: provider.name, paymentId: outcome.paymentId, status: report.status, reason: outcome.refused.reason }, `payment report refused: ${outcome.refused.message}`);
    throw outcome.refused;
  }
  services.log.info({ siteId: site.id, provider: provider.name, ...outcome.settled }, "payment report");
  if (outcome.announce) await announce(services, outcome.announce);
  return outcome.settled;
}

async function settle(services: SettleServices, input: SettleInput): Promise<Outcome> {
  return services.store.db.transaction().execute((tx) => settleWithin(tx, input));
}

type SettleInput = { site: Site; provider: string; report: ProviderReport; source: string };

/**
 * The step of settle inside the caller's transaction, for a caller that records more with it (a
 * returned direct debit and its block). The caller publishes the announcement after its commit.
 */
export async function settleWithin(tx: Transaction<Database>, { site, provider, report, source }: SettleInput): Promise<Outcome> {
  const payment = await lockPayment(tx, provider, report);
  const refused = refusal(payment, site, provider, report);
  const event = { provider, provider_reference: report.providerReference || null, status: String(report.status).slice(0, 40) };
  if (refused || !payment) {
    const reason = refused ?? new WebhookRefused("unknown_payment", "no such payment");
    await tx.insertInto("payment_events").values({ ...event, payment_id: payment?.id ?? null, outcome: "refused", detail: `${source}: ${reason.message}` }).execute();
    return { refused: reason, paymentId: payment?.id };
  }
  const step = transition(payment.status, report.status);
  if (step === "refuse") {
    const backwards = new WebhookRefused("backwards", `the payment is ${payment.status}; ${report.status} cannot follow`);
    await tx.insertInto("payment_events").values({ ...event, payment_id: payment.id, outcome: "refused", detail: `${source}: ${backwards.message}` }).execute();
    return { refused: backwards, paymentId: payment.id };
  }
  const settled = { paymentId: payment.id, status: report.status, accountId: payment.account_id };
  if (step === "repeat") {
    await tx.insertInto("payment_events").values({ ...event, payment_id: payment.id, outcome: "duplicate", detail: source }).execute();
    return { settled: { ...settled, outcome: "duplicate" } };
  }
  const announcement = await advance(tx, payment, report);
  await tx.insertInto("payment_events").values({ ...event, payment_id: payment.id, outcome: "applied", detail: source }).execute();
  return { settled: { ...settled, outcome: "applied" }, announce: announcement };
}

/** The payment a report is about, locked: by our id when the provider carries it, else by the provider's reference. */
async function lockPayment(tx: Transaction<Database>, provider: string, report: ProviderReport): Promise<Payment | undefined> {
  const query = tx.selectFrom("payments").selectAll().forUpdate();
  if (report.paymentId !== undefined) {
    if (!Number.isSafeInteger(report.paymentId) || report.paymentId <= 0) return undefined;
    return query.where("id", "=", report.paymentId).executeTakeFirst();
  }
  if (!report.providerReference) return undefined;
  return query.where("provider", "=", provider).where("provider_reference", "=", report.providerReference).executeTakeFirst();
}

/** Why a report cannot be applied to this payment, if it cannot. */
function refusal(payment: Payment | undefined, site: Site, provider: string, report: ProviderReport): WebhookRefused | undefined {
  if (!PAYMENT_STATUSES.includes(report.status)) return new WebhookRefused("malformed", `"${String(report.status).slice(0, 40)}" is not a payment status`);
  if (!payment || payment.provider !== provider) return new WebhookRefused("unknown_payment", "no such payment at this provider");
  if (payment.provider_reference && report.providerReference && payment.provider_reference !== report.providerReference) {
    return new WebhookRefused("unknown_payment", "the provider's reference does not match the payment");
  }
  if (payment.site_id !== site.id) return new WebhookRefused("wrong_site", "the payment belongs to another brand");
  // A refund or chargeback may be for part of the payment (Verotel reports the amount credited).
  const partial = report.status === "refunded" || report.status === "charged_back";
  const amountFits = partial ? report.amount > 0 && report.amount <= payment.amount : report.amount === payment.amount;
  if (!amountFits || report.currency !== payment.currency) {
    return new WebhookRefused("amount_mismatch", `reported ${report.amount} ${report.currency}, ordered ${payment.amount} ${payment.currency}`);
  }
  return undefined;
}

/**
 * Moves a locked payment one step on and does what the step means: paid grants the credits through
 * the ledger (key payment:{id}) and makes the member premium; refunded and charged_back take the
 * unspent credits back; charged_back also stops further purchases.
 */
async function advance(tx: Transaction<Database>, payment: Payment, report: Pick<ProviderReport, "status" | "providerReference" | "transactionCosts" | "mandate"> & { amount?: number }): Promise<Announcement> {
  const now = new Date();
  const { status } = report;
  await tx
    .updateTable("payments")
    .set({
      status,
      updated_at: now,
      ...(!payment.provider_reference && report.providerReference ? { provider_reference: report.providerReference } : {}),
      ...(report.transactionCosts !== undefined && report.transactionCosts >= 0 ? { transaction_costs: Math.round(report.transactionCosts) } : {}),
      ...(status === "paid" ? { paid_at: now } : {}),
      ...(!UNSETTLED.includes(status) && !payment.ended_at ? { ended_at: now } : {}),
    })
    .where("id", "=", payment.id)
    .execute();
  await settleDiscountHold(tx, { paymentId: payment.id, status });
  const account = { siteId: payment.site_id, accountId: payment.account_id };
  if (status === "paid") {
    await changeCredits(tx, { ...account, delta: payment.credits, reason: "purchase", idempotencyKey: `payment:${payment.id}` });
    await tx.updateTable("accounts").set({ paid_user: true }).where("id", "=", payment.account_id).execute();
    if (report.mandate) {
      await tx
        .insertInto("payment_mandates")
        .values({
          account_id: payment.account_id,
          site_id: payment.site_id,
          provider: payment.provider,
          customer_reference: report.mandate.customerReference,
          mandate_reference: report.mandate.mandateReference,
          method: report.mandate.method || payment.method,
          label: report.mandate.label,
        })
        .onConflict((conflict) => conflict.columns(["provider", "mandate_reference"]).doNothing())
        .execute();
    }
  } else if (status === "refunded" || status === "charged_back") {
    // A chargeback reverses whatever the member still holds of the payment; a refund its share.
    if (status === "refunded") await takeBackCredits(tx, payment, "refund", report.amount);
    else await takeBackCredits(tx, payment, "chargeback");
    if (status === "charged_back") {
      await tx.updateTable("accounts").set({ purchases_blocked_at: now }).where("id", "=", payment.account_id).where("purchases_blocked_at", "is", null).execute();
    }
  }
  const member = await tx
    .selectFrom("accounts")
    .leftJoin("profiles", "profiles.account_id", "accounts.id")
    .select(["profiles.id as profileId", "accounts.credits", "accounts.paid_user"])
    .where("accounts.id", "=", payment.account_id)
    .executeTakeFirstOrThrow();
  return { paymentId: payment.id, profileId: member.profileId, status, credits: payment.credits, balance: member.credits, paidUser: member.paid_user };
}

/** After commit: the return page, the balance and the premium badges follow the change live. */
export async function announce(services: SettleServices, change: Announcement): Promise<void> {
  if (change.profileId === null) return;
  const { bus, log } = services;
  await publishToMember(bus, log, change.profileId, { type: "payment", payment_id: change.paymentId, status: change.status, credits: change.credits, paid_user: change.paidUser });
  await publishToMember(bus, log, change.profileId, { type: "counts", credits: change.balance });
}

/**
 * Gives up payments the provider never settled, once their expires_at (placeOrder: now plus the
 * brand's payment_expiry_minutes) has passed. Each moves to expired through the same step as a
 * report, in its own transaction under the row lock, so a report that settles it meanwhile wins
 * and a 'paid' that arrives later is refused as going back. Answers how many expired.
 */
export async function expireUnsettled({ services, now = new Date(), batch = 500 }: { services: SettleServices; now?: Date; batch?: number }): Promise<number> {
  const due = await services.store.db
    .selectFrom("payments")
    .select("id")
    .where("status", "in", UNSETTLED)
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(batch)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const announcement = await services.store.db.transaction().execute(async (tx) => {
      const payment = await tx.selectFrom("payments").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
      if (!payment || !UNSETTLED.includes(payment.status) || payment.expires_at > now) return undefined;
      const change = await advance(tx, payment, { status: "expired", providerReference: "" });
      await tx
        .insertInto("payment_events")
        .values({ payment_id: id, provider: payment.provider, provider_reference: payment.provider_reference, status: "expired", outcome: "applied", detail: "expiry: never settled by the provider" })
        .execute();
      return change;
    });
    if (announcement) {
      expired += 1;
      services.log.info({ paymentId: id }, "payment expired unsettled");
      await announce(services, announcement);
    }
  }
  return expired;
}

export type RefundResult =
  | { kind: "refunded"; creditsTakenBack: number; creditsNotTakenBack: number }
  /** The provider accepted the refund and confirms it later by webhook. */
  | { kind: "pending" }
  | { kind: "refused"; reason: "unknown_payment" | "not_paid" | "refund_window_passed" | "provider_error" };

const DAY_MS = 86_400_000;

/** Why a payment cannot be refunded now: only a paid one, within the brand's refund_days of its payment. */
export function refundRefusal(payment: Pick<Payment, "status" | "paid_at" | "provider_reference">, site: Site, now: Date): "not_paid" | "refund_window_passed" | undefined {
  if (payment.status !== "paid" || !payment.paid_at || !payment.provider_reference) return "not_paid";
  if (now.getTime() - payment.paid_at.getTime() > site.refund_days * DAY_MS) return "refund_window_passed";
  return undefined;
}

/**
 * Pays a member back (support's action): only a paid payment, only within the brand's refund_days
 * of its payment. The provider is asked first, outside any transaction; once it answers refunded,
 * the payment moves to refunded through the same step as a report, taking back the unspent credits.
 */
export async function refundPayment({ services, site, paymentId, now = new Date() }: { services: SettleServices & { payments: Pick<PaymentProviders, "byName"> }; site: Site; paymentId: number; now?: Date }): Promise<RefundResult> {
  const payment = await services.store.db.selectFrom("payments").selectAll().where("id", "=", paymentId).where("site_id", "=", site.id).executeTakeFirst();
  if (!payment) return { kind: "refused", reason: "unknown_payment" };
  const refused = refundRefusal(payment, site, now);
  if (refused || !payment.provider_reference) return { kind: "refused", reason: refused ?? "not_paid" };
  const provider = services.payments.byName(payment.provider as PaymentProviderName);
  if (!provider) return { kind: "refused", reason: "provider_error" };
  let answer: Awaited<ReturnType<typeof provider.refund>>;
  try {
    answer = await provider.refund({ site, providerReference: payment.provider_reference, amount: payment.amount, currency: payment.currency, description: `${site.name}: refund of payment ${payment.id}` });
  } catch (error) {
    services.log.error({ err: error, paymentId }, "the provider refused the refund");
    return { kind: "refused", reason: "provider_error" };
  }
  if (answer.status === "pending") return { kind: "pending" };
  return applyConfirmedRefund({ services, site, payment, source: "refund" });
}

/**
 * A refund the provider confirmed in its answer (not by webhook later): the payment moves to
 * refunded through the same step as a provider's report, taking back the unspent credits, and the
 * member's open tabs hear of it. A report that came in meanwhile makes it a recorded duplicate.
 */
export async function applyConfirmedRefund({
  services,
  site,
  payment,
  source,
}: {
  services: SettleServices;
  site: Site;
  payment: Pick<Payment, "id" | "provider" | "provider_reference" | "amount" | "currency">;
  /** Who asked, for payment_events: "refund", "refund by staff 12". */
  source: string;
}): Promise<RefundResult> {
  const report: ProviderReport = { paymentId: payment.id, providerReference: payment.provider_reference ?? "", status: "refunded", amount: payment.amount, currency: payment.currency };
  const outcome = await settle(services, { site, provider: payment.provider, report, source });
  // A chargeback that came in meanwhile took the payment past refunded.
  if ("refused" in outcome) return { kind: "refused", reason: "not_paid" };
  if (outcome.announce) await announce(services, outcome.announce);
  const after = await services.store.db.selectFrom("payments").select(["credits_taken_back", "credits_not_taken_back"]).where("id", "=", payment.id).executeTakeFirstOrThrow();
  services.log.info({ paymentId: payment.id, source, ...after }, "payment refunded");
  return { kind: "refunded", creditsTakenBack: after.credits_taken_back, creditsNotTakenBack: after.credits_not_taken_back };
}

/** Support clears a chargeback's purchase block; answers whether the account had one. */
export async function clearPurchaseBlock({ services, siteId, accountId }: { services: Pick<Services, "store">; siteId: string; accountId: number }): Promise<boolean> {
  const cleared = await services.store.db
    .updateTable("accounts")
    .set({ purchases_blocked_at: null })
    .where("id", "=", accountId)
    .where("site_id", "=", siteId)
    .where("purchases_blocked_at", "is not", null)
    .executeTakeFirst();
  return cleared.numUpdatedRows > 0n;
}
