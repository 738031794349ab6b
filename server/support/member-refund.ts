import type { Selectable } from "kysely";
import type { PaymentsTable } from "../db/schema";
import type { Services } from "../http/request-context";
import { applyConfirmedRefund, refundRefusal } from "../payments/settle";
import type { PaymentProviderName } from "../sites/payments";
import type { Site } from "../sites/schema";
import { recordAudit, type Actor } from "./audit";

export type StaffRefund =
  | { status: "refunded"; creditsTakenBack: number; creditsNotTakenBack: number }
  /** The provider took the request and confirms it by webhook, which then takes the credits back. */
  | { status: "pending" }
  | { status: "refused"; reason: "not_found" | "not_paid" | "refund_window_passed" | "already_requested" | "provider_error" };

/**
 * Pays a member back through the brand's provider, once. The request is recorded first, with its
 * audit row, in one transaction that claims the payment (refund_requested_at): a second click or a
 * second staff member finds it claimed and asks nothing. Then the provider is asked, outside any
 * transaction. Its "refunded" moves the payment to refunded the way a provider's refund report
 * does (credits taken back through the ledger); "pending" leaves that to its webhook. A provider
 * that refuses releases the claim (with an audit row saying so), so the refund can be tried again.
 */
export async function refundMemberPayment({
  services,
  actor,
  site,
  accountId,
  paymentId,
  now = new Date(),
}: {
  services: Pick<Services, "store" | "bus" | "log" | "payments">;
  actor: Actor;
  site: Site;
  accountId: number;
  paymentId: number;
  now?: Date;
}): Promise<StaffRefund> {
  const { db } = services.store;
  type Claim = { refused: Extract<StaffRefund, { status: "refused" }>["reason"] } | { payment: Selectable<PaymentsTable> & { provider_reference: string } };
  const claimed = await db.transaction().execute(async (tx): Promise<Claim> => {
    const payment = await tx
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", paymentId)
      .where("account_id", "=", accountId)
      .where("site_id", "=", site.id)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) return { refused: "not_found" };
    if (payment.refund_requested_at) return { refused: "already_requested" };
    const refused = refundRefusal(payment, site, now);
    if (refused || !payment.provider_reference) return { refused: refused ?? "not_paid" };
    await tx.updateTable("payments").set({ refund_requested_at: now, refund_requested_by: actor.staffId }).where("id", "=", payment.id).execute();
    await recordAudit(tx, actor, {
      action: "payment.refund",
      siteId: site.id,
      accountId,
      detail: { paymentId: payment.id, amount: payment.amount, currency: payment.currency, provider: payment.provider },
    });
    return { payment: { ...payment, provider_reference: payment.provider_reference } };
  });
  if ("refused" in claimed) return { status: "refused", reason: claimed.refused };

  const { payment } = claimed;
  let answer: { status: "refunded" | "pending" };
  // The provider the payment was made with: a brand that changed provider since still refunds at the old one.
  const provider = services.payments.byName(payment.provider as PaymentProviderName);
  try {
    if (!provider) throw new Error(`no payment provider "${payment.provider}"`);
    answer = await provider.refund({
      site,
      providerReference: payment.provider_reference,
      amount: payment.amount,
      currency: payment.currency,
      description: `${site.name}: refund of payment ${payment.id}`,
    });
  } catch (error) {
    services.log.error({ err: error, paymentId }, "the provider refused the staff refund");
    await db.transaction().execute(async (tx) => {
      await tx.updateTable("payments").set({ refund_requested_at: null, refund_requested_by: null }).where("id", "=", payment.id).execute();
      await recordAudit(tx, actor, { action: "payment.refund_failed", siteId: site.id, accountId, detail: { paymentId: payment.id, error: String((error as Error).message ?? error).slice(0, 200) } });
    });
    return { status: "refused", reason: "provider_error" };
  }
  if (answer.status === "pending") return { status: "pending" };
  const result = await applyConfirmedRefund({ services, site, payment, source: `refund by staff ${actor.staffId ?? "command"}` });
  if (result.kind === "refunded") return { status: "refunded", creditsTakenBack: result.creditsTakenBack, creditsNotTakenBack: result.creditsNotTakenBack };
  return { status: "refused", reason: "not_paid" };
}
