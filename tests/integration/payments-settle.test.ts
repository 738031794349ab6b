import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBus, type Bus } from "../../server/bus";
import { memberChannel } from "../../server/chat/events";
import { balancesOffLedger, changeCredits } from "../../server/credits/ledger";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { PaymentStatus } from "../../server/db/schema";
import { WebhookRefused, type PaymentProvider, type ProviderReport, type RefundInput } from "../../server/payments/provider";
import type { PaymentProviders } from "../../server/payments/providers";
import { applyReport, clearPurchaseBlock, expireUnsettled, refundPayment } from "../../server/payments/settle";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile, addSite } from "../support/store-fixtures";

const ALL: PaymentStatus[] = ["open", "pending", "paid", "failed", "canceled", "expired", "refunded", "charged_back"];

/** The steps §4 allows, written out here rather than read from the code under test. */
const ALLOWED = new Set([
  "open>pending", "open>paid", "open>failed", "open>canceled", "open>expired",
  "pending>paid", "pending>failed", "pending>canceled", "pending>expired",
  "paid>refunded", "paid>charged_back", "refunded>charged_back",
]);

describe("payments: settling reports, refunds, chargebacks and expiry on the store", () => {
  let store: Store;
  let bus: Bus;
  let drop: () => Promise<void>;
  let site: Site;
  let otherSite: Site;
  const logged: { level: number; msg: string; reason?: string }[] = [];
  const refunds: RefundInput[] = [];
  let refundAnswer: "refunded" | "pending" = "refunded";
  let services: Parameters<typeof refundPayment>[0]["services"];
  const provider = { name: "test" } as const;
  let counter = 0;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("pay", database.url) });
    await migrate(store);
    bus = await openBus(undefined);
    site = await addSite(store, "pay-nl", { refund_days: 14 });
    otherSite = await addSite(store, "pay-be");
    const log = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) });
    const fakeProvider = {
      name: "test",
      refund: async (input: RefundInput) => {
        refunds.push(input);
        return { status: refundAnswer };
      },
    } as unknown as PaymentProvider;
    const payments: Pick<PaymentProviders, "byName"> = { byName: () => fakeProvider };
    services = { store, bus, log, payments };
  });

  afterAll(async () => {
    await bus?.close();
    await store?.close();
    await drop?.();
  });

  async function member(credits = 0) {
    counter += 1;
    const account = await store.db
      .insertInto("accounts")
      .values({ site_id: site.id, email: `payer${counter}@example.com`, password_hash: "x", status: "confirmed", language: "nl", country: "NL", date_of_birth: "1990-01-01", credits: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (credits > 0) await changeCredits(store.db, { siteId: site.id, accountId: account.id, delta: credits, reason: "signup", idempotencyKey: "signup" });
    const profileId = await addProfile(store, site, { name: `Payer${counter}` });
    await store.db.updateTable("profiles").set({ account_id: account.id }).where("id", "=", profileId).execute();
    return { accountId: account.id, profileId };
  }

  async function payment(accountId: number, { status = "open" as PaymentStatus, credits = 120, amount = 1995, expiresAt = new Date(Date.now() + 3_600_000) } = {}) {
    counter += 1;
    const row = await store.db
      .insertInto("payments")
      .values({
        site_id: site.id,
        account_id: accountId,
        package: "p1",
        credits,
        amount,
        currency: "EUR",
        method: "ideal",
        provider: "test",
        provider_reference: `tr_${counter}`,
        status,
        order_key: `order-${counter}`,
        expires_at: expiresAt,
        paid_at: ["paid", "refunded", "charged_back"].includes(status) ? new Date() : null,
      })
      .returning(["id", "provider_reference"])
      .executeTakeFirstOrThrow();
    return { id: row.id, reference: row.provider_reference as string };
  }

  const report = (p: { id: number; reference: string }, status: PaymentStatus, extra: Partial<ProviderReport> = {}): ProviderReport => ({
    paymentId: p.id,
    providerReference: p.reference,
    status,
    amount: 1995,
    currency: "EUR",
    ...extra,
  });

  const account = (id: number) => store.db.selectFrom("accounts").select(["credits", "paid_user", "purchases_blocked_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  const paymentRow = (id: number) => store.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const events = (id: number) => store.db.selectFrom("payment_events").select(["status", "outcome"]).where("payment_id", "=", id).orderBy("id").execute();
  const ledger = (accountId: number, key: string) =>
    store.db.selectFrom("credit_ledger").select(["delta", "reason"]).where("account_id", "=", accountId).where("idempotency_key", "=", key).execute();

  it("moves every status only along the allowed steps: a step applies, a repeat is a duplicate, anything else is refused", async () => {
    const { accountId } = await member(500);
    for (const from of ALL) {
      for (const to of ALL) {
        const p = await payment(accountId, { status: from });
        const attempt = applyReport({ services, site, provider, report: report(p, to) });
        if (from === to) {
          await expect(attempt).resolves.toMatchObject({ outcome: "duplicate", status: to });
        } else if (ALLOWED.has(`${from}>${to}`)) {
          await expect(attempt).resolves.toMatchObject({ outcome: "applied", status: to });
        } else {
          await expect(attempt).rejects.toMatchObject({ reason: "backwards", status: 409 });
        }
        const expected = ALLOWED.has(`${from}>${to}`) ? to : from;
        expect((await paymentRow(p.id)).status, `${from} → ${to}`).toBe(expected);
        const outcome = from === to ? "duplicate" : ALLOWED.has(`${from}>${to}`) ? "applied" : "refused";
        expect(await events(p.id)).toEqual([{ status: to, outcome }]);
      }
    }
    expect(logged.some((line) => line.reason === "backwards" && line.level === 40)).toBe(true);
  });

  it("grants a paid payment's credits and premium once, with its mandate, and tells the member's tabs", async () => {
    const { accountId, profileId } = await member();
    const p = await payment(accountId);
    const heard: unknown[] = [];
    const unsubscribe = await bus.subscribe(memberChannel(profileId), (event) => heard.push(event));
    const mandate = { customerReference: "cst_1", mandateReference: `mdt_${p.id}`, method: "creditcard", label: "Visa •••• 4242" };

    await expect(applyReport({ services, site, provider, report: report(p, "pending") })).resolves.toMatchObject({ outcome: "applied" });
    expect(await account(accountId)).toMatchObject({ credits: 0, paid_user: false });
    await expect(applyReport({ services, site, provider, report: report(p, "paid", { mandate, transactionCosts: 29 }) })).resolves.toMatchObject({ outcome: "applied" });
    await expect(applyReport({ services, site, provider, report: report(p, "paid", { mandate }) })).resolves.toMatchObject({ outcome: "duplicate" });

    expect(await account(accountId)).toMatchObject({ credits: 120, paid_user: true });
    expect(await ledger(accountId, `payment:${p.id}`)).toEqual([{ delta: 120, reason: "purchase" }]);
    const row = await paymentRow(p.id);
    expect(row).toMatchObject({ status: "paid", transaction_costs: 29 });
    expect(row.paid_at).toBeInstanceOf(Date);
    const mandates = await store.db.selectFrom("payment_mandates").selectAll().where("account_id", "=", accountId).execute();
    expect(mandates).toMatchObject([{ customer_reference: "cst_1", mandate_reference: `mdt_${p.id}`, method: "creditcard", label: "Visa •••• 4242", provider: "test", site_id: site.id }]);
    expect(heard).toContainEqual({ type: "payment", payment_id: p.id, status: "paid", credits: 120, paid_user: true });
    expect(heard).toContainEqual({ type: "counts", credits: 120 });
    await unsubscribe();
  });

  it("refuses an unknown payment, another brand's, another amount or currency, and records it without a change", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    const cases: [ProviderReport, Site, string][] = [
      [report({ id: 999_999_999, reference: "tr_none" }, "paid"), site, "unknown_payment"],
      [report({ id: p.id, reference: "tr_other" }, "paid"), site, "unknown_payment"],
      [report(p, "paid"), otherSite, "wrong_site"],
      [report(p, "paid", { amount: 1 }), site, "amount_mismatch"],
      [report(p, "paid", { currency: "USD" }), site, "amount_mismatch"],
    ];
    for (const [hostile, where, reason] of cases) {
      const error = await applyReport({ services, site: where, provider, report: hostile }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(WebhookRefused);
      expect(error).toMatchObject({ reason });
    }
    expect(await account(accountId)).toMatchObject({ credits: 0, paid_user: false });
    expect((await paymentRow(p.id)).status).toBe("open");
    expect((await events(p.id)).map((event) => event.outcome)).toEqual(["refused", "refused", "refused", "refused"]);
    const unknown = await store.db.selectFrom("payment_events").select("outcome").where("provider_reference", "=", "tr_none").execute();
    expect(unknown).toEqual([{ outcome: "refused" }]);
  });

  it("refunds within refund_days, taking back only the credits not yet spent", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    await applyReport({ services, site, provider, report: report(p, "paid") });
    await changeCredits(store.db, { siteId: site.id, accountId, delta: -50, reason: "message", idempotencyKey: `spend-${p.id}` });
    refunds.length = 0;

    const result = await refundPayment({ services, site, paymentId: p.id, now: new Date(Date.now() + 13 * 86_400_000) });
    expect(result).toEqual({ kind: "refunded", creditsTakenBack: 70, creditsNotTakenBack: 50 });
    expect(refunds).toMatchObject([{ providerReference: p.reference, amount: 1995, currency: "EUR" }]);
    expect(await account(accountId)).toMatchObject({ credits: 0, paid_user: true });
    expect(await ledger(accountId, `refund:${p.id}`)).toEqual([{ delta: -70, reason: "refund" }]);
    expect(await paymentRow(p.id)).toMatchObject({ status: "refunded", credits_taken_back: 70, credits_not_taken_back: 50 });
    // Once refunded, never again.
    await expect(refundPayment({ services, site, paymentId: p.id })).resolves.toEqual({ kind: "refused", reason: "not_paid" });
    expect(refunds).toHaveLength(1);
  });

  it("refuses a refund past refund_days, of an unpaid payment or of another brand, without asking the provider", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    await applyReport({ services, site, provider, report: report(p, "paid") });
    const open = await payment(accountId);
    refunds.length = 0;
    await expect(refundPayment({ services, site, paymentId: p.id, now: new Date(Date.now() + 15 * 86_400_000) })).resolves.toEqual({ kind: "refused", reason: "refund_window_passed" });
    await expect(refundPayment({ services, site, paymentId: open.id })).resolves.toEqual({ kind: "refused", reason: "not_paid" });
    await expect(refundPayment({ services, site: otherSite, paymentId: p.id })).resolves.toEqual({ kind: "refused", reason: "unknown_payment" });
    expect(refunds).toHaveLength(0);
    expect(await account(accountId)).toMatchObject({ credits: 120 });
    expect((await paymentRow(p.id)).status).toBe("paid");
  });

  it("leaves a refund the provider has not confirmed to its webhook, which then takes the credits back", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    await applyReport({ services, site, provider, report: report(p, "paid") });
    refundAnswer = "pending";
    await expect(refundPayment({ services, site, paymentId: p.id })).resolves.toEqual({ kind: "pending" });
    refundAnswer = "refunded";
    expect((await paymentRow(p.id)).status).toBe("paid");
    await applyReport({ services, site, provider, report: report(p, "refunded") });
    expect(await account(accountId)).toMatchObject({ credits: 0 });
    expect(await paymentRow(p.id)).toMatchObject({ status: "refunded", credits_taken_back: 120, credits_not_taken_back: 0 });
  });

  it("takes back a partial refund's share of the credits, refuses a refund above the amount, and a chargeback takes the rest", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    await applyReport({ services, site, provider, report: report(p, "paid") });
    const tooMuch = await applyReport({ services, site, provider, report: report(p, "refunded", { amount: 1996 }) }).catch((caught: unknown) => caught);
    expect(tooMuch).toMatchObject({ reason: "amount_mismatch" });

    // Half of 19.95 paid back: half of the 120 credits go back.
    await applyReport({ services, site, provider, report: report(p, "refunded", { amount: 998 }) });
    expect(await ledger(accountId, `refund:${p.id}`)).toEqual([{ delta: -60, reason: "refund" }]);
    expect(await paymentRow(p.id)).toMatchObject({ status: "refunded", credits_taken_back: 60, credits_not_taken_back: 60 });
    await applyReport({ services, site, provider, report: report(p, "charged_back", { amount: 997 }) });
    expect(await account(accountId)).toMatchObject({ credits: 0 });
    expect(await paymentRow(p.id)).toMatchObject({ status: "charged_back", credits_taken_back: 120, credits_not_taken_back: 0 });
  });

  it("takes back what it can on a chargeback and blocks purchases until support clears it", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    await applyReport({ services, site, provider, report: report(p, "paid") });
    await changeCredits(store.db, { siteId: site.id, accountId, delta: -100, reason: "message", idempotencyKey: `spend-${p.id}` });

    await applyReport({ services, site, provider, report: report(p, "charged_back") });
    const after = await account(accountId);
    expect(after.credits).toBe(0);
    expect(after.purchases_blocked_at).toBeInstanceOf(Date);
    expect(await ledger(accountId, `chargeback:${p.id}`)).toEqual([{ delta: -20, reason: "chargeback" }]);
    expect(await paymentRow(p.id)).toMatchObject({ status: "charged_back", credits_taken_back: 20, credits_not_taken_back: 100 });

    await expect(clearPurchaseBlock({ services, siteId: otherSite.id, accountId })).resolves.toBe(false);
    await expect(clearPurchaseBlock({ services, siteId: site.id, accountId })).resolves.toBe(true);
    expect((await account(accountId)).purchases_blocked_at).toBeNull();
    await expect(clearPurchaseBlock({ services, siteId: site.id, accountId })).resolves.toBe(false);
  });

  it("takes back on a chargeback after a refund only what the refund could not", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    await applyReport({ services, site, provider, report: report(p, "paid") });
    await changeCredits(store.db, { siteId: site.id, accountId, delta: -100, reason: "message", idempotencyKey: `spend-${p.id}` });
    await refundPayment({ services, site, paymentId: p.id });
    // Credits bought later are what a chargeback may still find.
    await changeCredits(store.db, { siteId: site.id, accountId, delta: 500, reason: "adjustment", idempotencyKey: `later-${p.id}` });
    await applyReport({ services, site, provider, report: report(p, "charged_back") });
    expect(await paymentRow(p.id)).toMatchObject({ status: "charged_back", credits_taken_back: 120, credits_not_taken_back: 0 });
    expect(await account(accountId)).toMatchObject({ credits: 400 });
  });

  it("expires open and pending payments past their time, after which a late paid is refused as going back", async () => {
    const { accountId } = await member();
    const past = new Date(Date.now() - 60_000);
    const open = await payment(accountId, { expiresAt: past });
    const pending = await payment(accountId, { status: "pending", expiresAt: past });
    const paid = await payment(accountId, { status: "paid", expiresAt: past });
    const fresh = await payment(accountId);

    expect(await expireUnsettled({ services })).toBe(2);
    expect((await paymentRow(open.id)).status).toBe("expired");
    expect((await paymentRow(pending.id)).status).toBe("expired");
    expect((await paymentRow(paid.id)).status).toBe("paid");
    expect((await paymentRow(fresh.id)).status).toBe("open");
    expect(await expireUnsettled({ services })).toBe(0);

    await expect(applyReport({ services, site, provider, report: report(pending, "paid") })).rejects.toMatchObject({ reason: "backwards" });
    expect(await events(pending.id)).toEqual([
      { status: "expired", outcome: "applied" },
      { status: "paid", outcome: "refused" },
    ]);
    expect(await account(accountId)).toMatchObject({ credits: 0, paid_user: false });
  });

  it("grants once however many identical reports race", async () => {
    const { accountId } = await member();
    const p = await payment(accountId);
    // Every connection of the pool open first, so the reports really run side by side.
    await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.02)`.execute(store.db)));
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => applyReport({ services, site, provider, report: report(p, "paid") })));
    expect(outcomes.filter((outcome) => outcome.outcome === "applied")).toHaveLength(1);
    expect(await ledger(accountId, `payment:${p.id}`)).toHaveLength(1);
    expect((await account(accountId)).credits).toBe(120);
  });

  it("leaves every balance equal to the sum of its ledger", async () => {
    const accounts = await store.db.selectFrom("accounts").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    expect(Number(accounts.count)).toBeGreaterThan(5);
    expect(await balancesOffLedger(store.db)).toEqual([]);
  });
});
