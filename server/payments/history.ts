import type { Kysely } from "kysely";
import type { Database, LedgerReason, PaymentStatus } from "../db/schema";
import { UNSUCCESSFUL } from "./states";

/**
 * What a member may read about their own payments and credits: one payment (the return page and
 * the receipt), the transactions list, and the state of a repeat order. Every query names the
 * site and the account: an id from the address is never trusted on its own.
 */

type Owner = { siteId: string; accountId: number };

export type PaymentView = {
  id: number;
  package: string;
  credits: number;
  amount: number;
  currency: string;
  method: string;
  issuer: string | null;
  status: PaymentStatus;
  sequence: "oneoff" | "first" | "recurring";
  createdAt: Date;
  paidAt: Date | null;
  /** The discount code the amount is after, its percentage (numeric, as a string) and the package's own price. */
  discountCode: string | null;
  discountPercentage: string | null;
  amountBeforeDiscount: number | null;
};

const PAYMENT_COLUMNS = [
  "id", "package", "credits", "amount", "currency", "method", "issuer", "status", "sequence", "created_at as createdAt", "paid_at as paidAt",
  "discount_code as discountCode", "discount_percentage as discountPercentage", "amount_before_discount as amountBeforeDiscount",
] as const;

/** A payment id as the address writes it, or undefined for anything else. */
export function paymentIdOf(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return undefined;
  return Number(value);
}

/** One of the member's own payments; undefined for anyone else's (the caller answers 404). */
export async function memberPayment(db: Kysely<Database>, { siteId, accountId, paymentId }: Owner & { paymentId: number }): Promise<PaymentView | undefined> {
  return db.selectFrom("payments").select(PAYMENT_COLUMNS).where("id", "=", paymentId).where("account_id", "=", accountId).where("site_id", "=", siteId).executeTakeFirst();
}

/** A payment of this member by the provider's reference (the hosted test checkout names it so). */
export async function paymentByReference(db: Kysely<Database>, { siteId, accountId, provider, reference }: Owner & { provider: string; reference: string }): Promise<PaymentView | undefined> {
  return db
    .selectFrom("payments")
    .select(PAYMENT_COLUMNS)
    .where("provider", "=", provider)
    .where("provider_reference", "=", reference)
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .executeTakeFirst();
}

/** Statuses whose credits reached the member (they may have been taken back since, by their own ledger rows). */
export const CREDITED: readonly PaymentStatus[] = ["paid", "refunded", "charged_back"];

export type TransactionEntry =
  | { kind: "payment"; key: string; at: Date; payment: PaymentView }
  | { kind: "ledger"; key: string; at: Date; id: number; reason: LedgerReason; delta: number; balanceAfter: number };

/** Where the next page starts: below these ids of each source (both lists run newest first by id). */
export type TransactionCursor = { ledger: number; payment: number };

const CURSOR = /^(\d{1,15})-(\d{1,15})$/;

export function parseCursor(value: string | null): TransactionCursor | undefined {
  const match = value ? CURSOR.exec(value) : null;
  return match ? { ledger: Number(match[1]), payment: Number(match[2]) } : undefined;
}

export const formatCursor = (cursor: TransactionCursor) => `${cursor.ledger}-${cursor.payment}`;

export const TRANSACTIONS_PAGE = 25;

/**
 * The member's payments and credit movements, newest first, one page at a time (keyset: no
 * offsets). A purchase shows as its payment (with status and amount), so its own ledger row is
 * left out; refunds, chargebacks, messages, photos, gifts and the signup bonus show as they were
 * booked. Each source is read by id below its cursor and the two are merged by time; the next
 * cursor keeps the lowest id shown of each, so nothing is skipped or shown twice.
 */
export async function transactionsPage(
  db: Kysely<Database>,
  { siteId, accountId, before, limit = TRANSACTIONS_PAGE }: Owner & { before?: TransactionCursor; limit?: number },
): Promise<{ entries: TransactionEntry[]; next?: TransactionCursor }> {
  let ledgerQuery = db
    .selectFrom("credit_ledger")
    .select(["id", "reason", "delta", "balance_after as balanceAfter", "created_at as at"])
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .where("reason", "!=", "purchase")
    .orderBy("id", "desc")
    .limit(limit + 1);
  let paymentQuery = db
    .selectFrom("payments")
    .select(PAYMENT_COLUMNS)
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (before) {
    ledgerQuery = ledgerQuery.where("id", "<", before.ledger);
    paymentQuery = paymentQuery.where("id", "<", before.payment);
  }
  const [ledger, payments] = await Promise.all([ledgerQuery.execute(), paymentQuery.execute()]);
  const merged = mergeNewestFirst<TransactionEntry>(
    ledger.map((row) => ({ kind: "ledger" as const, key: `l${row.id}`, ...row })),
    payments.map((payment) => ({ kind: "payment" as const, key: `p${payment.id}`, at: payment.createdAt, payment })),
  );
  const entries = merged.slice(0, limit);
  if (merged.length <= limit) return { entries };
  const lowest = (kind: TransactionEntry["kind"], fallback: number) => {
    const ids = entries.filter((entry) => entry.kind === kind).map((entry) => (entry.kind === "ledger" ? entry.id : entry.payment.id));
    return ids.length ? Math.min(...ids) : fallback;
  };
  // A source with nothing on this page starts where it was (or above its newest row on the first page).
  return { entries, next: { ledger: lowest("ledger", before?.ledger ?? Number.MAX_SAFE_INTEGER), payment: lowest("payment", before?.payment ?? Number.MAX_SAFE_INTEGER) } };
}

/**
 * Two lists, each newest first by id, as one list newest first by time. A merge, not a sort: each
 * list keeps its own order, so a page always takes a prefix of each (rows booked in overlapping
 * transactions can have ids and times in different orders) and the cursor never skips one.
 */
function mergeNewestFirst<T extends { at: Date }>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const takeA = j >= b.length || (i < a.length && a[i]!.at.getTime() >= b[j]!.at.getTime());
    out.push(takeA ? a[i++]! : b[j++]!);
  }
  return out;
}

export type RepeatOrderState = {
  /** The newest paid payment: the package to buy again. */
  last?: PaymentView;
  /** The stored card or mandate a repeat charges, as the member recognises it. */
  mandate?: { method: string; label: string };
  /** The newest recurring charge failed and nothing was paid since: §8 recurring card failed. */
  recurringFailed?: PaymentView;
};

/** What the repeat-order screen offers: the last order, the stored card or mandate, and whether its last charge failed. */
export async function repeatOrderState(db: Kysely<Database>, { siteId, accountId, provider }: Owner & { provider: string }): Promise<RepeatOrderState> {
  const [last, recurring, mandate] = await Promise.all([
    db.selectFrom("payments").select(PAYMENT_COLUMNS).where("account_id", "=", accountId).where("site_id", "=", siteId).where("status", "in", CREDITED).orderBy("id", "desc").limit(1).executeTakeFirst(),
    db.selectFrom("payments").select(PAYMENT_COLUMNS).where("account_id", "=", accountId).where("site_id", "=", siteId).where("sequence", "=", "recurring").orderBy("id", "desc").limit(1).executeTakeFirst(),
    db
      .selectFrom("payment_mandates")
      .select(["method", "label"])
      .where("account_id", "=", accountId)
      .where("site_id", "=", siteId)
      .where("provider", "=", provider)
      .where("status", "=", "valid")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const failed = recurring && UNSUCCESSFUL.includes(recurring.status) && (!last || last.id < recurring.id) ? recurring : undefined;
  return { last, mandate, recurringFailed: failed };
}
