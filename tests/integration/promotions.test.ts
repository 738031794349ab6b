import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { Services } from "../../server/http/request-context";
import { createI18n, loadCatalog } from "../../server/i18n/catalog";
import { placeOrder, type PlaceOrderInput } from "../../server/payments/orders";
import { applyReport, expireUnsettled } from "../../server/payments/settle";
import { createTestProvider } from "../../server/payments/test-provider";
import { offerDeleteDiscount } from "../../server/promotions/delete-discount";
import { activeOffer, lookUpDiscount, type Discount, type DiscountMember } from "../../server/promotions/discounts";
import { memberOffers, timeBonusSecondsLeft, TIME_BONUS } from "../../server/promotions/offers";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addSite } from "../support/store-fixtures";

const log = pino({ level: "silent" });
const ORIGIN = "http://promotions-nl.localhost:1";
const HOUR = 3_600_000;

describe("promotions: discount codes, the time bonus and the welcome discount", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let services: Services;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const dataDir = await freshDataDir("promotions", database.url);
    store = await openStore({ databaseUrl: database.url, dataDir });
    await migrate(store);
    site = await addSite(store, "promotions-nl", {
      countries: ["NL", "BE"],
      welcome_discount_hours: 48,
      delete_discount: 40,
      payment_methods: { NL: ["ideal", "creditcard"], BE: ["bancontact", "creditcard"] },
      packages: [
        { tier: "p0", credits: 50, prices: { EUR: 995 } },
        { tier: "p1", credits: 125, prices: { EUR: 1995 }, popular: true },
      ],
    });
    const provider = createTestProvider({ secret: () => "promotions-secret-0123456789abcdef", production: false, dataDir, log });
    const bus = { kind: "memory", publish: async () => {}, subscribe: async () => async () => {}, onReconnect: () => () => {} };
    services = { store, log, bus, i18n: await createI18n(await loadCatalog("locales")), payments: { forSite: () => provider, byName: () => provider } } as unknown as Services;
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  let counter = 0;
  /** A member who signed up `ago` ms before now (default: long ago, so without offers). */
  async function member({ ago = 30 * 24 * HOUR, paid = false } = {}): Promise<DiscountMember & { profileId: number; email: string; language: string; country: string }> {
    counter += 1;
    const signupDate = new Date(Date.now() - ago);
    const email = `promo${counter}@example.com`;
    const row = await store.db
      .insertInto("accounts")
      .values({ site_id: site.id, email, password_hash: "x", status: "confirmed", language: "nl", country: "NL", date_of_birth: "1990-01-01", created_at: signupDate, paid_user: paid })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { accountId: row.id, profileId: 0, email, language: "nl", country: "NL", paidUser: paid, signupDate };
  }

  async function code(values: Partial<{ code: string; percentage: number; minimum_order_value: number; currency: string; country: string; account_id: number; expires_at: Date; status: "active" | "disabled"; validity: "once_per_user" | "unlimited"; payment_methods: string[] }>) {
    counter += 1;
    const name = values.code ?? `SAVE${counter}`;
    await store.db.insertInto("discount_codes").values({ site_id: site.id, code: name, percentage: 20, ...values }).execute();
    return name;
  }

  const look = (buyer: DiscountMember, typed: string, overrides: { country?: string; currency?: string; now?: Date } = {}) =>
    lookUpDiscount(store.db, { site, member: buyer, code: typed, country: "NL", currency: "EUR", ...overrides });

  async function discountOf(buyer: DiscountMember, typed: string): Promise<Discount> {
    const found = await look(buyer, typed);
    if (!("discount" in found)) throw new Error(`refused: ${found.refusal}`);
    return found.discount;
  }

  let keys = 0;
  const order = (buyer: Awaited<ReturnType<typeof member>>, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    services,
    site,
    member: buyer,
    country: "NL",
    currency: "EUR",
    tier: "p1",
    method: "creditcard",
    orderKey: `promo-order-${Date.now().toString(36)}-${(keys += 1)}`,
    origin: ORIGIN,
    ...overrides,
  });
  const paymentsOf = (accountId: number) => store.db.selectFrom("payments").selectAll().where("account_id", "=", accountId).orderBy("id").execute();
  const report = (payment: { id: number; amount: number }, status: "paid" | "failed") =>
    applyReport({ services, site, provider: { name: "test" }, report: { paymentId: payment.id, providerReference: "", status, amount: payment.amount, currency: "EUR" } });

  describe("a brand's codes", () => {
    it("finds a code typed in any case, and refuses an unknown, disabled or another member's code as not found", async () => {
      const buyer = await member();
      const other = await member();
      const name = await code({ percentage: 15 });
      expect((await discountOf(buyer, ` ${name.toLowerCase()} `)).percentage).toBe(15);
      expect(await look(buyer, "NOSUCHCODE")).toEqual({ refusal: "not_found" });
      expect(await look(buyer, "<script>")).toEqual({ refusal: "not_found" });
      expect(await look(buyer, await code({ status: "disabled" }))).toEqual({ refusal: "not_found" });
      const personal = await code({ account_id: other.accountId });
      expect(await look(buyer, personal)).toEqual({ refusal: "not_found" });
      expect((await discountOf(other, personal)).personal).toBe(true);
    });

    it("refuses a code after its expiry, to the second", async () => {
      const buyer = await member();
      const expiresAt = new Date(Date.now() + HOUR);
      const name = await code({ expires_at: expiresAt });
      expect("discount" in (await look(buyer, name, { now: new Date(expiresAt.getTime() - 1000) }))).toBe(true);
      expect(await look(buyer, name, { now: expiresAt })).toEqual({ refusal: "expired" });
    });

    it("holds a code to its country and currency", async () => {
      const buyer = await member();
      const name = await code({ country: "BE" });
      expect(await look(buyer, name)).toEqual({ refusal: "not_here" });
      expect("discount" in (await look(buyer, name, { country: "BE" }))).toBe(true);
      const pounds = await code({ currency: "GBP", minimum_order_value: 500 });
      expect(await look(buyer, pounds)).toEqual({ refusal: "not_here" });
    });

    it("lowers only packages from its minimum order value, and is paid only with its methods", async () => {
      const buyer = await member();
      const discount = await discountOf(buyer, await code({ percentage: 25, minimum_order_value: 1500, currency: "EUR", payment_methods: ["ideal"] }));
      expect(await placeOrder(order(buyer, { discount, method: "creditcard" }))).toEqual({ kind: "refused", reason: "discount_method" });
      const cheap = await placeOrder(order(buyer, { discount, tier: "p0", method: "ideal", issuer: "ideal_RABONL2U" }));
      const dear = await placeOrder(order(buyer, { discount, tier: "p1", method: "ideal", issuer: "ideal_RABONL2U" }));
      expect(cheap.kind).toBe("checkout");
      expect(dear.kind).toBe("checkout");
      const [p0, p1] = await paymentsOf(buyer.accountId);
      expect(p0).toMatchObject({ package: "p0", amount: 995, discount_code: null, amount_before_discount: null });
      expect(p1).toMatchObject({ package: "p1", amount: 1496, discount_code: discount.code, amount_before_discount: 1995 });
      expect(Number(p1?.discount_percentage)).toBe(25);
    });

    it("lets 20 payments racing for one once-only code give it to exactly one, and gives it back when that payment fails", async () => {
      const buyer = await member();
      const name = await code({ percentage: 30 });
      const discount = await discountOf(buyer, name);
      const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(order(buyer, { discount }))));
      expect(results.filter((result) => result.kind === "checkout")).toHaveLength(1);
      expect(results.filter((result) => result.kind === "refused" && result.reason === "discount_used")).toHaveLength(19);
      const payments = await paymentsOf(buyer.accountId);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ amount: 1397, discount_code: name });
      expect(await look(buyer, name)).toEqual({ refusal: "in_use" });

      // Failed: the code is the member's again; paid: it is spent.
      await report(payments[0]!, "failed");
      const again = await discountOf(buyer, name);
      const retry = await placeOrder(order(buyer, { discount: again }));
      expect(retry.kind).toBe("checkout");
      const [, second] = await paymentsOf(buyer.accountId);
      await report(second!, "paid");
      expect(await look(buyer, name)).toEqual({ refusal: "already_used" });
      expect(await store.db.selectFrom("discount_uses").select(["payment_id", "state"]).where("account_id", "=", buyer.accountId).execute()).toEqual([{ payment_id: second!.id, state: "used" }]);
    });

    it("gives a code back when its payment expires unsettled", async () => {
      const buyer = await member();
      const name = await code({});
      await placeOrder(order(buyer, { discount: await discountOf(buyer, name) }));
      await expireUnsettled({ services, now: new Date(Date.now() + 24 * HOUR) });
      expect("discount" in (await look(buyer, name))).toBe(true);
    });

    it("lets an unlimited code be used by every payment", async () => {
      const buyer = await member();
      const discount = await discountOf(buyer, await code({ validity: "unlimited", percentage: 10 }));
      const results = await Promise.all(Array.from({ length: 3 }, () => placeOrder(order(buyer, { discount }))));
      expect(results.every((result) => result.kind === "checkout")).toBe(true);
      expect((await paymentsOf(buyer.accountId)).map((payment) => payment.amount)).toEqual([1796, 1796, 1796]);
    });
  });

  describe("the time bonus and the welcome discount", () => {
    it("runs the time bonus for the first 14,400 seconds after signup, for a member who never paid", () => {
      const signupDate = new Date("2026-11-24T10:00:00Z");
      const at = (seconds: number) => new Date(signupDate.getTime() + seconds * 1000);
      expect(timeBonusSecondsLeft({ paidUser: false, signupDate }, at(0))).toBe(TIME_BONUS.windowSeconds);
      expect(timeBonusSecondsLeft({ paidUser: false, signupDate }, at(14_399))).toBe(1);
      expect(timeBonusSecondsLeft({ paidUser: false, signupDate }, at(14_399.5))).toBe(1);
      expect(timeBonusSecondsLeft({ paidUser: false, signupDate }, at(14_400))).toBe(0);
      expect(timeBonusSecondsLeft({ paidUser: true, signupDate }, at(10))).toBe(0);
    });

    it("makes the time bonus the active discount while it runs, then the welcome discount until its hours are over", async () => {
      const fresh = await member({ ago: HOUR });
      const lookUp = { site, country: "NL", currency: "EUR" };
      expect((await activeOffer(store.db, { ...lookUp, member: fresh }))?.code).toBe("TIMEBONUS25");
      const later = await member({ ago: 5 * HOUR });
      const welcome = await activeOffer(store.db, { ...lookUp, member: later });
      expect(welcome).toMatchObject({ kind: "welcome", code: "WELCOME25", percentage: 25 });
      expect(await activeOffer(store.db, { ...lookUp, member: await member({ ago: 49 * HOUR }) })).toBeUndefined();
      expect(await activeOffer(store.db, { ...lookUp, member: await member({ ago: HOUR, paid: true }) })).toBeUndefined();
      expect(memberOffers(site, { paidUser: false, signupDate: new Date(Date.now() - HOUR) }, new Date()).map((offer) => offer.kind)).toEqual(["time_bonus", "welcome"]);
    });

    it("refuses TIMEBONUS25 once its window passed, and as used after the first purchase", async () => {
      const late = await member({ ago: 4 * HOUR + 1000 });
      expect(await look(late, "timebonus25")).toEqual({ refusal: "expired" });
      const buyer = await member({ ago: HOUR });
      const discount = await discountOf(buyer, "TIMEBONUS25");
      await placeOrder(order(buyer, { discount }));
      expect(await look(buyer, "TIMEBONUS25")).toEqual({ refusal: "in_use" });
      // The next offer steps in while the bonus is held by the payment under way.
      expect((await activeOffer(store.db, { site, member: buyer, country: "NL", currency: "EUR" }))?.code).toBe("WELCOME25");
      const [payment] = await paymentsOf(buyer.accountId);
      expect(payment).toMatchObject({ amount: 1496, discount_code: "TIMEBONUS25" });
      await report(payment!, "paid");
      const paid = { ...buyer, paidUser: true };
      expect(await look(paid, "TIMEBONUS25")).toEqual({ refusal: "already_used" });
      expect(await look(paid, "WELCOME25")).toEqual({ refusal: "already_used" });
    });
  });

  describe("the delete discount", () => {
    it("offers the brand's delete_discount as the member's own once-only code, the same one while it is good", async () => {
      const leaving = await member();
      const offer = await offerDeleteDiscount(store.db, { site, accountId: leaving.accountId });
      expect(offer).toMatchObject({ percentage: 40, code: expect.stringMatching(/^STAY-[A-Z2-9]{8}$/) });
      expect((await offerDeleteDiscount(store.db, { site, accountId: leaving.accountId }))?.code).toBe(offer?.code);
      const discount = await discountOf(leaving, offer!.code);
      expect(discount).toMatchObject({ percentage: 40, personal: true, validity: "once_per_user" });
      expect(await look(await member(), offer!.code)).toEqual({ refusal: "not_found" });
      expect(await offerDeleteDiscount(store.db, { site: { ...site, delete_discount: 0 }, accountId: leaving.accountId })).toBeUndefined();
    });
  });
});
