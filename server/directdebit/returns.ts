import type { Selectable, Transaction } from "kysely";
import type { Database, PaymentsTable } from "../db/schema";
import type { Services } from "../http/request-context";
import { announce, settleWithin, type Outcome } from "../payments/settle";
import type { SiteRegistry } from "../sites/registry";
import type { Site } from "../sites/schema";
import { DIRECT_DEBIT_PROVIDER, paymentIdOf } from "./collection";
import type { ReturnReport } from "./returns-report";

export type ReturnServices = Pick<Services, "store" | "bus" | "log"> & { sites: Pick<SiteRegistry, "byId"> };

/**
 * ISO 20022 return reasons that say the account cannot or may not be debited again: closed (AC04),
 * blocked (AC06), wrong or unusable (AC01, AC13), debits forbidden on it (AG01), no valid mandate
 * (MD01), the debtor disputed or refused it (MD06, MS02), the debtor's bank stops them (SL01), the
 * debtor died (MD07). Their IBAN is blocked for new mandates; any other reason (AM04, no funds) is not.
 */
export const BLOCKING_REASONS: ReadonlySet<string> = new Set(["AC01", "AC04", "AC06", "AC13", "AG01", "MD01", "MD06", "MD07", "MS02", "SL01"]);

export type ReturnsApplied = {
  messageId: string;
  /** Returns applied now: the payment charged back (or failed, if it was never settled). */
  applied: number;
  /** Returns recorded before (the same report, or another naming the same debit): nothing changed. */
  duplicates: number;
  /** EndToEndIds that name no collected debit of ours. */
  unknown: string[];
  /** Returns whose payment could not move (a refused step, recorded in payment_events). */
  refused: number;
  /** IBANs newly blocked. */
  blocked: number;
};

/**
 * Applies a bank's return report. Each returned debit is one transaction: it records the return
 * (once per payment, so a report read twice changes nothing twice), moves the payment through the
 * payment state machine to charged_back, which takes the unspent credits back through the ledger and
 * stops the member's purchases, or to failed when it was never settled, and for a reason that means
 * the account cannot be debited again blocks the IBAN for new mandates.
 */
export async function applyReturnReport({ services, report }: { services: ReturnServices; report: ReturnReport }): Promise<ReturnsApplied> {
  const result: ReturnsApplied = { messageId: report.messageId, applied: 0, duplicates: 0, unknown: [], refused: 0, blocked: 0 };
  const messageId = report.messageId.slice(0, 35);
  for (const returned of report.returns) {
    const payment = await collectedPayment(services, returned.endToEndId);
    const site = payment && services.sites.byId(payment.site_id);
    if (!payment || !site) {
      result.unknown.push(returned.endToEndId);
      services.log.warn({ messageId, endToEndId: returned.endToEndId }, "returned debit names no collected payment");
      continue;
    }
    const reasonCode = returned.reasonCode.slice(0, 35);
    const step = await services.store.db.transaction().execute((tx) => recordReturn(tx, { site, payment, reasonCode, messageId }));
    if (step === "duplicate") {
      result.duplicates += 1;
      continue;
    }
    if (step.newlyBlocked) result.blocked += 1;
    if ("refused" in step.outcome) {
      result.refused += 1;
      services.log.warn({ messageId, paymentId: payment.id, reason: step.outcome.refused.reason }, `returned debit not applied: ${step.outcome.refused.message}`);
      continue;
    }
    result.applied += 1;
    services.log.info({ siteId: site.id, paymentId: payment.id, reasonCode, blocked: step.newlyBlocked }, "returned debit applied");
    if (step.outcome.announce) await announce(services, step.outcome.announce);
  }
  return result;
}

type CollectedPayment = Pick<Selectable<PaymentsTable>, "id" | "site_id" | "provider_reference" | "amount" | "currency">;

/** The payment an EndToEndId of one of our collection files names, if it is one. */
async function collectedPayment(services: ReturnServices, endToEnd: string): Promise<CollectedPayment | undefined> {
  const paymentId = paymentIdOf(endToEnd);
  if (paymentId === undefined) return undefined;
  return services.store.db
    .selectFrom("payments")
    .select(["id", "site_id", "provider_reference", "amount", "currency"])
    .where("id", "=", paymentId)
    .where("provider", "=", DIRECT_DEBIT_PROVIDER)
    .where("collection_id", "is not", null)
    .executeTakeFirst();
}

/** One returned debit inside its transaction: recorded once, the payment moved, the IBAN blocked where the reason says so. */
async function recordReturn(
  tx: Transaction<Database>,
  { site, payment, reasonCode, messageId }: { site: Site; payment: CollectedPayment; reasonCode: string; messageId: string },
): Promise<"duplicate" | { outcome: Outcome; newlyBlocked: boolean }> {
  const blocking = BLOCKING_REASONS.has(reasonCode);
  const recorded = await tx
    .insertInto("direct_debit_returns")
    .values({ site_id: site.id, payment_id: payment.id, report_message_id: messageId, reason_code: reasonCode, blocked_iban: blocking })
    .onConflict((conflict) => conflict.column("payment_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!recorded) return "duplicate";
  const { status } = await tx.selectFrom("payments").select("status").where("id", "=", payment.id).forUpdate().executeTakeFirstOrThrow();
  // A debit returned before the run settled it was never counted as paid: it failed.
  const report = { paymentId: payment.id, providerReference: payment.provider_reference ?? "", status: status === "pending" ? ("failed" as const) : ("charged_back" as const), amount: payment.amount, currency: payment.currency };
  const outcome = await settleWithin(tx, { site, provider: DIRECT_DEBIT_PROVIDER, report, source: `direct-debit return ${reasonCode} (${messageId})` });
  if (!blocking) return { outcome, newlyBlocked: false };
  const mandate = await tx.selectFrom("direct_debit_mandates").select("iban_hash").where("payment_id", "=", payment.id).executeTakeFirst();
  if (!mandate) return { outcome, newlyBlocked: false };
  const block = await tx
    .insertInto("direct_debit_blocks")
    .values({ kind: "iban", value_hash: mandate.iban_hash, reason: `returned debit ${reasonCode}` })
    .onConflict((conflict) => conflict.columns(["kind", "value_hash"]).doNothing())
    .executeTakeFirst();
  return { outcome, newlyBlocked: Number(block.numInsertedOrUpdatedRows ?? 0n) > 0 };
}
