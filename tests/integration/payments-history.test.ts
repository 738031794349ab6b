import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { LedgerReason, PaymentStatus } from "../../server/db/schema";
import { formatCursor, memberPayment, parseCursor, repeatOrderState, transactionsPage, type TransactionEntry } from "../../server/payments/history";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addSite } from "../support/store-fixtures";

let counter = 0;

/** A member's account on a site, with nothing booked yet. */
async function addAccount(store: Store, site: Site): Promise<number> {
  counter += 1;
  const row = await store.db
    .insertInto("accounts")
    .values({ site_id: site.id, email: `payer${counter}@example.com`, password_hash: "x", language: "nl", country: "NL", date_of_birth: "1990-01-01" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A clock that moves a minute per booking, so the statement's order is the order of the test. */
let minute = 0;
const nextTime = () => new Date(Date.UTC(2026, 0, 1, 12, (minute += 1)));

async function book(store: Store, site: Site, accountId: number, reason: LedgerReason, delta: number, key = `${reason}:${(counter += 1)}`) {
  await store.db
    .insertInto("credit_ledger")
    .values({ account_id: accountId, site_id: site.id, delta, balance_after: 0, reason, idempotency_key: key, created_at: nextTime() })
    .execute();
}

async function payment(store: Store, site: Site, accountId: number, status: PaymentStatus, { sequence = "oneoff", tier = "p1" }: { sequence?: "oneoff" | "first" | "recurring"; tier?: string } = {}) {
  counter += 1;
  const row = await store.db
    .insertInto("payments")
    .values({ site_id: site.id, account_id: accountId, package: tier, credits: 120, amount: 1995, currency: "EUR", method: "ideal", provider: "test", order_key: `order-key-${counter}`, status, sequence, created_at: nextTime(), expires_at: new Date(Date.UTC(2030, 0, 1)) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const keys = (entries: TransactionEntry[]) => entries.map((entry) => entry.key);

describe("a member's payments and credit movements", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let sister: Site;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("payments-history", database.url) });
    await migrate(store);
    site = await addSite(store, "flirt-nl");
    sister = await addSite(store, "flirt-be", { pool: "flirt-nl" });
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it("lists payments and ledger rows newest first, a purchase once (as its payment), page by page without gaps or repeats", async () => {
    const me = await addAccount(store, site);
    const someoneElse = await addAccount(store, site);
    await book(store, site, me, "signup", 20);
    const paid = await payment(store, site, me, "paid");
    await book(store, site, me, "purchase", 120, `payment:${paid}`);
    await book(store, site, me, "message", -10);
    const failed = await payment(store, site, me, "failed");
    await book(store, site, me, "gift", -20);
    await book(store, site, me, "photo", -15);
    const refunded = await payment(store, site, me, "refunded");
    await book(store, site, me, "refund", -90);
    await book(store, site, someoneElse, "signup", 20);
    await payment(store, site, someoneElse, "paid");

    const all = await transactionsPage(store.db, { siteId: site.id, accountId: me, limit: 100 });
    expect(all.next).toBeUndefined();
    expect(all.entries.map((entry) => (entry.kind === "ledger" ? entry.reason : entry.payment.status))).toEqual([
      "refund", "refunded", "photo", "gift", "failed", "message", "paid", "signup",
    ]);
    expect(all.entries.filter((entry) => entry.kind === "payment").map((entry) => entry.payment.id)).toEqual([refunded, failed, paid]);

    // Three a page: every row exactly once, in the same order, and a last page without a cursor.
    const seen: string[] = [];
    let before: ReturnType<typeof parseCursor>;
    for (let page = 0; page < 5; page += 1) {
      const result = await transactionsPage(store.db, { siteId: site.id, accountId: me, before, limit: 3 });
      seen.push(...keys(result.entries));
      if (!result.next) break;
      // The cursor survives the address it travels in.
      before = parseCursor(formatCursor(result.next));
      expect(before).toEqual(result.next);
    }
    expect(seen).toEqual(keys(all.entries));
  });

  it("shows a payment only to its own member on its own brand", async () => {
    const me = await addAccount(store, site);
    const other = await addAccount(store, site);
    const mine = await payment(store, site, me, "paid");
    expect(await memberPayment(store.db, { siteId: site.id, accountId: me, paymentId: mine })).toMatchObject({ id: mine, status: "paid", amount: 1995, currency: "EUR" });
    expect(await memberPayment(store.db, { siteId: site.id, accountId: other, paymentId: mine })).toBeUndefined();
    expect(await memberPayment(store.db, { siteId: sister.id, accountId: me, paymentId: mine })).toBeUndefined();
    expect((await transactionsPage(store.db, { siteId: sister.id, accountId: me })).entries).toEqual([]);
  });

  it("reads cursors strictly", () => {
    expect(parseCursor("12-7")).toEqual({ ledger: 12, payment: 7 });
    for (const junk of [null, "", "12", "-1-2", "1-2-3", "a-b", "1.5-2", "1-2; drop table"]) expect(parseCursor(junk)).toBeUndefined();
  });

  it("offers the last paid package with the stored mandate, and says when the newest recurring charge failed", async () => {
    const me = await addAccount(store, site);
    expect(await repeatOrderState(store.db, { siteId: site.id, accountId: me, provider: "test" })).toEqual({ last: undefined, mandate: undefined, recurringFailed: undefined });

    const first = await payment(store, site, me, "paid", { sequence: "first", tier: "p2" });
    await store.db.insertInto("payment_mandates").values({ account_id: me, site_id: site.id, provider: "mollie", customer_reference: "cst_1", mandate_reference: "mdt_other", method: "paypal", label: "PayPal" }).execute();
    await store.db.insertInto("payment_mandates").values({ account_id: me, site_id: site.id, provider: "test", customer_reference: "c", mandate_reference: `m-${me}`, method: "creditcard", label: "Visa •••• 4242" }).execute();
    const state = await repeatOrderState(store.db, { siteId: site.id, accountId: me, provider: "test" });
    expect(state.last?.id).toBe(first);
    expect(state.last?.package).toBe("p2");
    expect(state.mandate).toEqual({ method: "creditcard", label: "Visa •••• 4242" });
    expect(state.recurringFailed).toBeUndefined();

    const declined = await payment(store, site, me, "failed", { sequence: "recurring", tier: "p2" });
    expect((await repeatOrderState(store.db, { siteId: site.id, accountId: me, provider: "test" })).recurringFailed?.id).toBe(declined);

    // Paid again since (with PayPal, say): the failure is history.
    await payment(store, site, me, "paid", { tier: "p1" });
    const after = await repeatOrderState(store.db, { siteId: site.id, accountId: me, provider: "test" });
    expect(after.recurringFailed).toBeUndefined();
    expect(after.last?.package).toBe("p1");
  });
});
