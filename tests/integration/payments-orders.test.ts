import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { Services } from "../../server/http/request-context";
import { createI18n, loadCatalog } from "../../server/i18n/catalog";
import { memberPayment, repeatOrderState } from "../../server/payments/history";
import { placeOrder, repeatOrder, type OrderMember, type PlaceOrderInput } from "../../server/payments/orders";
import type { CreatePaymentInput, PaymentProvider } from "../../server/payments/provider";
import { createTestProvider } from "../../server/payments/test-provider";
import type { Site } from "../../server/sites/schema";
import { createMember } from "../support/accounts";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile, addSite } from "../support/store-fixtures";
import { startTestServer, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

const log = pino({ level: "silent" });
// A port nothing listens on: the recurring charges of these tests report to nobody.
const ORIGIN = "http://orders-nl.localhost:1";

describe("orders: placeOrder, repeatOrder and the member's payments", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let services: Services;
  let provider: PaymentProvider;
  /** What the provider was last asked to start. */
  const started: CreatePaymentInput[] = [];
  let failNext = false;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const dataDir = await freshDataDir("orders", database.url);
    store = await openStore({ databaseUrl: database.url, dataDir });
    await migrate(store);
    site = await addSite(store, "orders-nl", {
      payment_expiry_minutes: 30,
      packages: [
        { tier: "p0", credits: 50, prices: { EUR: 995 } },
        { tier: "p1", credits: 125, prices: { EUR: 1995 }, normal_prices: { EUR: 2495 }, popular: true },
      ],
      payment_methods: { NL: ["ideal", "creditcard", "paypal"], BE: ["bancontact", "creditcard"] },
    });
    const test = createTestProvider({ secret: () => "orders-test-secret-0123456789abcdef", production: false, dataDir, log });
    // The test provider, watched: what it is asked to start, and a failure when a test wants one.
    provider = {
      ...test,
      createPayment: async (input) => {
        started.push(input);
        if (failNext) {
          failNext = false;
          throw new Error("the provider is down");
        }
        return test.createPayment(input);
      },
    };
    // Only what orders use of the services.
    services = { store, log, i18n: await createI18n(await loadCatalog("locales")), payments: { forSite: () => provider, byName: () => provider } } as unknown as Services;
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  let counter = 0;
  async function member({ language = "nl", country = "NL" } = {}): Promise<OrderMember> {
    counter += 1;
    const account = await store.db
      .insertInto("accounts")
      .values({ site_id: site.id, email: `buyer${counter}@example.com`, password_hash: "x", status: "confirmed", language, country, date_of_birth: "1990-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const profileId = await addProfile(store, site, { name: `Buyer${counter}`, country });
    await store.db.updateTable("profiles").set({ account_id: account.id }).where("id", "=", profileId).execute();
    return { accountId: account.id, profileId, email: `buyer${counter}@example.com`, language, country };
  }

  let keys = 0;
  const orderKey = () => `order-${Date.now().toString(36)}-${(keys += 1)}`;
  const order = (buyer: OrderMember, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    services,
    site,
    member: buyer,
    country: "NL",
    currency: "EUR",
    tier: "p1",
    method: "ideal",
    issuer: "ideal_RABONL2U",
    orderKey: orderKey(),
    origin: ORIGIN,
    ...overrides,
  });
  const paymentsOf = (accountId: number) => store.db.selectFrom("payments").selectAll().where("account_id", "=", accountId).orderBy("id").execute();

  it("stores an open payment for the package and method, expiring after the brand's time, and opens the checkout", async () => {
    const buyer = await member();
    const result = await placeOrder(order(buyer));
    if (result.kind !== "checkout") throw new Error(`answered ${JSON.stringify(result)}`);
    const [payment] = await paymentsOf(buyer.accountId);
    expect(payment).toMatchObject({
      id: result.paymentId,
      site_id: site.id,
      package: "p1",
      credits: 125,
      amount: 1995,
      currency: "EUR",
      method: "ideal",
      issuer: "ideal_RABONL2U",
      provider: "test",
      sequence: "oneoff",
      status: "open",
    });
    expect(result.url).toBe(`${ORIGIN}/payments/test-checkout/${payment!.provider_reference}`);
    expect(payment!.checkout_url).toBe(result.url);
    const { minutes } = await sql<{ minutes: number }>`select extract(epoch from (${payment!.expires_at}::timestamptz - now())) / 60 as minutes`
      .execute(store.db)
      .then((answer) => answer.rows[0]!);
    expect(Number(minutes)).toBeGreaterThan(29);
    expect(Number(minutes)).toBeLessThanOrEqual(30);

    const asked = started.at(-1)!;
    expect(asked.returnUrl).toBe(`${ORIGIN}/credits/p1/ideal?payment=${result.paymentId}`);
    expect(asked.webhookUrl).toBe(`${ORIGIN}/payments/webhook/test`);
    expect(asked.payment).toMatchObject({ id: result.paymentId, amount: 1995, currency: "EUR", issuer: "ideal_RABONL2U", sequence: "oneoff", description: "orders-nl: 125 credits" });
  });

  it("marks a card payment as the first of a mandate and names the package in the member's language", async () => {
    const buyer = await member({ language: "de" });
    const result = await placeOrder(order(buyer, { method: "creditcard", issuer: "ideal_RABONL2U" }));
    expect(result.kind).toBe("checkout");
    const [payment] = await paymentsOf(buyer.accountId);
    expect(payment).toMatchObject({ sequence: "first", method: "creditcard", issuer: null });
    expect(started.at(-1)!.payment.description).toBe("orders-nl: 125 Credits");
  });

  it("refuses what the brand does not sell, methods the country does not offer, a missing bank and blocked buyers, storing nothing", async () => {
    const buyer = await member();
    const refusal = async (overrides: Partial<PlaceOrderInput>) => {
      const result = await placeOrder(order(buyer, overrides));
      return result.kind === "refused" ? result.reason : result.kind;
    };
    expect(await refusal({ tier: "p3" })).toBe("unknown_package");
    expect(await refusal({ tier: "p9" as never })).toBe("unknown_package");
    expect(await refusal({ currency: "USD" })).toBe("unknown_package");
    expect(await refusal({ method: "sofort" })).toBe("method_unavailable");
    expect(await refusal({ method: "bancontact" })).toBe("method_unavailable");
    expect(await refusal({ method: "nonsense" as never })).toBe("method_unavailable");
    expect(await refusal({ issuer: undefined })).toBe("issuer_required");
    expect(await refusal({ issuer: "ideal_NOSUCHBANK" })).toBe("issuer_required");
    expect(await refusal({ issuer: "eps_GIBAATWW" })).toBe("issuer_required");
    expect(await refusal({ orderKey: "" })).toBe("invalid");
    expect(await refusal({ orderKey: "has spaces in it" })).toBe("invalid");
    expect(await paymentsOf(buyer.accountId)).toEqual([]);

    // The methods are those of the visitor's country: bancontact in Belgium.
    expect(await refusal({ country: "BE", method: "bancontact", issuer: undefined })).toBe("checkout");
    await store.db.updateTable("accounts").set({ purchases_blocked_at: new Date() }).where("id", "=", buyer.accountId).execute();
    expect(await refusal({})).toBe("purchases_blocked");
    expect(await paymentsOf(buyer.accountId)).toHaveLength(1);
  });

  it("makes one payment of one order key, however often and however fast it is sent", async () => {
    const buyer = await member();
    const key = orderKey();
    const first = await placeOrder(order(buyer, { orderKey: key }));
    const again = await placeOrder(order(buyer, { orderKey: key }));
    expect(again).toEqual(first);
    const racing = await Promise.all(Array.from({ length: 5 }, () => placeOrder(order(buyer, { orderKey: `${key}-b` }))));
    expect(new Set(racing.map((result) => (result.kind === "checkout" ? result.url : result.kind))).size).toBe(1);
    expect(await paymentsOf(buyer.accountId)).toHaveLength(2);
    // Another member's equal key is their own order.
    const other = await member();
    const theirs = await placeOrder(order(other, { orderKey: key }));
    expect(theirs.kind === "checkout" && first.kind === "checkout" && theirs.paymentId !== first.paymentId).toBe(true);
  });

  it("fails the payment when the provider cannot start it, and says so again for the same key", async () => {
    const buyer = await member();
    const key = orderKey();
    failNext = true;
    expect(await placeOrder(order(buyer, { orderKey: key }))).toEqual({ kind: "refused", reason: "provider_error" });
    expect(await placeOrder(order(buyer, { orderKey: key }))).toEqual({ kind: "refused", reason: "provider_error" });
    const payments = await paymentsOf(buyer.accountId);
    expect(payments.map((payment) => [payment.status, payment.provider_reference])).toEqual([["failed", null]]);
    expect(payments[0]!.ended_at).not.toBeNull();
  });

  it("repeats an order on the newest valid mandate of the brand's provider, and refuses without one", async () => {
    const buyer = await member();
    const repeat = (overrides: Partial<PlaceOrderInput> = {}) => {
      const { method: _method, issuer: _issuer, ...input } = order(buyer, overrides);
      return repeatOrder(input);
    };
    expect(await repeat()).toEqual({ kind: "refused", reason: "no_mandate" });
    const mandate = (values: { provider?: string; status?: "valid" | "invalid"; method: string; reference: string; siteId?: string }) =>
      store.db
        .insertInto("payment_mandates")
        .values({
          account_id: buyer.accountId,
          site_id: values.siteId ?? site.id,
          provider: values.provider ?? "test",
          customer_reference: "tst_cst_1",
          mandate_reference: values.reference,
          method: values.method,
          label: `${values.method} label`,
          status: values.status ?? "valid",
        })
        .execute();
    await mandate({ method: "paypal", reference: "tst_mdt_ok_old" });
    await mandate({ method: "visa", reference: "tst_mdt_ok_cancelled", status: "invalid" });
    await mandate({ method: "mastercard", reference: "mdt_other_provider", provider: "mollie" });
    const result = await repeat({ tier: "p0" });
    if (result.kind !== "charged") throw new Error(`answered ${JSON.stringify(result)}`);
    expect(result.returnPath).toBe(`/credits/p0/paypal?payment=${result.paymentId}`);
    expect(started.at(-1)!.mandate).toEqual({ customerReference: "tst_cst_1", mandateReference: "tst_mdt_ok_old" });
    const payment = (await paymentsOf(buyer.accountId)).at(-1)!;
    expect(payment).toMatchObject({ id: result.paymentId, sequence: "recurring", method: "paypal", amount: 995, credits: 50, status: "open", checkout_url: null });
    expect(payment.provider_reference).toMatch(/^tst_/);
    expect(await repeat({ tier: "p3" })).toEqual({ kind: "refused", reason: "unknown_package" });
  });

  it("shows a member their own payments only, and their newest paid order with the card it would charge", async () => {
    const buyer = await member();
    const other = await member();
    const first = await placeOrder(order(buyer, { method: "creditcard", issuer: undefined }));
    const second = await placeOrder(order(buyer, { tier: "p0" }));
    if (first.kind !== "checkout" || second.kind !== "checkout") throw new Error("not placed");
    const db = store.db;
    expect(await memberPayment(db, { siteId: site.id, accountId: buyer.accountId, paymentId: first.paymentId })).toMatchObject({ id: first.paymentId, package: "p1", status: "open" });
    expect(await memberPayment(db, { siteId: site.id, accountId: other.accountId, paymentId: first.paymentId })).toBeUndefined();
    expect(await memberPayment(db, { siteId: "flirt-nl", accountId: buyer.accountId, paymentId: first.paymentId })).toBeUndefined();
    expect((await repeatOrderState(db, { siteId: site.id, accountId: buyer.accountId, provider: "test" })).last).toBeUndefined();

    await db.updateTable("payments").set({ status: "paid", paid_at: new Date() }).where("id", "=", first.paymentId).execute();
    await db
      .insertInto("payment_mandates")
      .values({ account_id: buyer.accountId, site_id: site.id, provider: "test", customer_reference: "tst_cst_2", mandate_reference: "tst_mdt_ok_2", method: "creditcard", label: "Visa •••• 4242" })
      .execute();
    expect(await repeatOrderState(db, { siteId: site.id, accountId: buyer.accountId, provider: "test" })).toMatchObject({
      last: { id: first.paymentId, package: "p1", credits: 125, amount: 1995, currency: "EUR", method: "creditcard" },
      mandate: { method: "creditcard", label: "Visa •••• 4242" },
    });
  });
});

describe("orders through the running app: repeat orders settle by webhook", () => {
  let server: TestServer;
  const SITE = "bbw-us";

  beforeAll(async () => {
    server = await startTestServer({ env: { TEST_PAYMENTS_SETTLE_MS: "200" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("charges a good mandate (paid, credits added) and a declining one (failed, nothing added)", async () => {
    const site = server.sites.resolveHost(`${SITE}.localhost`)!;
    const db = server.store.db;
    for (const [reference, expected] of [["tst_mdt_ok_e2e1", "paid"], ["tst_mdt_declines_e2e1", "failed"]] as const) {
      const created = await createMember(server, { siteId: SITE });
      const buyer: OrderMember = { accountId: created.accountId, profileId: created.profileId, email: created.email, language: "en", country: "US" };
      await db
        .insertInto("payment_mandates")
        .values({ account_id: buyer.accountId, site_id: SITE, provider: "test", customer_reference: "tst_cst_e2e", mandate_reference: reference, method: "creditcard", label: "Visa" })
        .execute();
      const before = await db.selectFrom("accounts").select("credits").where("id", "=", buyer.accountId).executeTakeFirstOrThrow();
      const result = await repeatOrder({ services: server.services, site, member: buyer, country: "US", currency: "USD", tier: "p1", orderKey: `repeat-${reference}`, origin: server.origin(SITE) });
      if (result.kind !== "charged") throw new Error(`answered ${JSON.stringify(result)}`);
      const payment = await waitUntil(
        () => db.selectFrom("payments").select(["status"]).where("id", "=", result.paymentId).executeTakeFirstOrThrow(),
        (row) => row.status !== "open",
      );
      expect(payment.status).toBe(expected);
      const after = await db.selectFrom("accounts").select(["credits", "paid_user"]).where("id", "=", buyer.accountId).executeTakeFirstOrThrow();
      const pack = site.packages.find((candidate) => candidate.tier === "p1")!;
      expect(after.credits).toBe(before.credits + (expected === "paid" ? pack.credits : 0));
      expect(after.paid_user).toBe(expected === "paid");
    }
  });
});
