import type { Kysely, Transaction } from "kysely";
import type { Database, DiscountValidity } from "../db/schema";
import type { Site } from "../sites/schema";
import { memberOffers, OFFER_CODES, type OfferKind, type OfferMember } from "./offers";

/**
 * A discount a member may use now: a brand's code (discount_codes) or one of their own offers (the
 * time bonus, the welcome discount). Whatever the browser shows, the server looks the code up again
 * when the payment is made and takes the percentage off there.
 */
export type Discount = {
  kind: "code" | OfferKind;
  code: string;
  percentage: number;
  /** Minor units of `currency`: packages cheaper than this are not discounted. */
  minimumOrderValue: number | null;
  currency: string | null;
  country: string | null;
  /** Made for this one member (the account's own code). */
  personal: boolean;
  expiresAt: Date | null;
  validity: DiscountValidity;
  /** The methods it may be paid with; empty: any. */
  paymentMethods: string[];
};

/**
 * Why a code cannot be used: unknown (or another member's, or switched off), used already by this
 * member, expired, not for the visitor's country or currency, or held by one of their payments
 * that is still under way.
 */
export type DiscountRefusal = "not_found" | "already_used" | "expired" | "not_here" | "in_use";

export type DiscountMember = OfferMember & { accountId: number };

/** What members type, as codes are stored: trimmed, upper-case, at most 32 characters. */
export const normaliseCode = (code: string) => code.trim().toUpperCase().slice(0, 32);

/** A code as it may be stored: letters, digits, - and _, 3 to 32 characters. */
export const isCodeShape = (code: string) => /^[A-Z0-9][A-Z0-9_-]{2,31}$/.test(code);

type LookUp = { site: Site; member: DiscountMember; code: string; country: string; currency: string; now?: Date };

/** The discount a typed code gives this member now, or why it gives none. */
export async function lookUpDiscount(db: Kysely<Database> | Transaction<Database>, { site, member, code: typed, country, currency, now = new Date() }: LookUp): Promise<{ discount: Discount } | { refusal: DiscountRefusal }> {
  const code = normaliseCode(typed);
  if (!isCodeShape(code)) return { refusal: "not_found" };

  let discount: Discount;
  if (OFFER_CODES.includes(code)) {
    const offer = memberOffers(site, member, now).find((candidate) => candidate.code === code);
    // A paid member has had their first purchase: the offer was theirs once, and is spent.
    if (!offer) return { refusal: member.paidUser ? "already_used" : "expired" };
    discount = { kind: offer.kind, code, percentage: offer.percentage, minimumOrderValue: null, currency: null, country: null, personal: true, expiresAt: offer.endsAt, validity: "once_per_user", paymentMethods: [] };
  } else {
    const row = await db.selectFrom("discount_codes").selectAll().where("site_id", "=", site.id).where("code", "=", code).executeTakeFirst();
    if (!row || row.status !== "active" || (row.account_id !== null && row.account_id !== member.accountId)) return { refusal: "not_found" };
    discount = {
      kind: "code",
      code,
      percentage: Number(row.percentage),
      minimumOrderValue: row.minimum_order_value,
      currency: row.currency,
      country: row.country,
      personal: row.account_id !== null,
      expiresAt: row.expires_at,
      validity: row.validity,
      paymentMethods: row.payment_methods,
    };
    if (row.expires_at && row.expires_at <= now) return { refusal: "expired" };
  }
  if ((discount.country && discount.country !== country) || (discount.currency && discount.currency !== currency)) return { refusal: "not_here" };
  if (discount.validity === "once_per_user") {
    const use = await db.selectFrom("discount_uses").select("state").where("account_id", "=", member.accountId).where("code", "=", code).executeTakeFirst();
    if (use) return { refusal: use.state === "used" ? "already_used" : "in_use" };
  }
  return { discount };
}

/**
 * The discount a member has without typing a code: their first offer (§4: the time bonus if
 * present, else the welcome discount) that no payment of theirs holds.
 */
export async function activeOffer(db: Kysely<Database>, { site, member, country, currency, now = new Date() }: Omit<LookUp, "code">): Promise<Discount | undefined> {
  for (const offer of memberOffers(site, member, now)) {
    const found = await lookUpDiscount(db, { site, member, code: offer.code, country, currency, now });
    if ("discount" in found) return found.discount;
  }
  return undefined;
}

/** Whether a discount lowers a package of this price (its minimum order value). */
export const discountApplies = (discount: Pick<Discount, "minimumOrderValue">, price: number) => discount.minimumOrderValue === null || price >= discount.minimumOrderValue;

/** A price after a percentage off, in whole minor units (rounded to the nearest; never below 1). */
export const discountedPrice = (price: number, percentage: number) => Math.max(1, Math.round((price * (100 - percentage)) / 100));

/** Whether the discount may be paid with a method (its payment_methods; empty: any). */
export const discountAllowsMethod = (discount: Pick<Discount, "paymentMethods">, method: string) => discount.paymentMethods.length === 0 || discount.paymentMethods.includes(method);

/**
 * A package's price after a discount: lowered when the discount applies to that price (its minimum
 * order value) and, when a method is named, may be paid with it. Answers the discount that applied.
 */
export function priceAfter(discount: Discount | undefined, price: number, method?: string): { amount: number; discount: Discount | undefined } {
  const applies = discount && discountApplies(discount, price) && (method === undefined || discountAllowsMethod(discount, method)) ? discount : undefined;
  return { amount: applies ? discountedPrice(price, applies.percentage) : price, discount: applies };
}

/**
 * Holds a once-per-member discount for a payment being stored, in the caller's transaction (the
 * caller holds the member's account row lock). Answers false when another payment of the member
 * holds or used it: that payment must not be stored with the discount.
 */
export async function holdDiscount(tx: Transaction<Database>, { discount, accountId, paymentId }: { discount: Pick<Discount, "code" | "validity">; accountId: number; paymentId: number }): Promise<boolean> {
  if (discount.validity !== "once_per_user") return true;
  const held = await tx
    .insertInto("discount_uses")
    .values({ payment_id: paymentId, account_id: accountId, code: discount.code })
    .onConflict((conflict) => conflict.columns(["account_id", "code"]).doNothing())
    .returning("payment_id")
    .executeTakeFirst();
  return held !== undefined;
}

/** How often a code may be used, as it is stored (the offers: once), for a discount decided earlier. */
export async function validityOf(db: Kysely<Database> | Transaction<Database>, { siteId, code }: { siteId: string; code: string }): Promise<DiscountValidity> {
  if (OFFER_CODES.includes(code)) return "once_per_user";
  const row = await db.selectFrom("discount_codes").select("validity").where("site_id", "=", siteId).where("code", "=", code).executeTakeFirst();
  return row?.validity ?? "once_per_user";
}

/**
 * What a payment's new status means for the discount it holds, in the settling transaction: paid
 * spends it; failed, cancelled or expired gives it back to the member.
 */
export async function settleDiscountHold(tx: Transaction<Database>, { paymentId, status }: { paymentId: number; status: string }): Promise<void> {
  if (status === "paid") await tx.updateTable("discount_uses").set({ state: "used" }).where("payment_id", "=", paymentId).execute();
  else if (status === "failed" || status === "canceled" || status === "expired") await tx.deleteFrom("discount_uses").where("payment_id", "=", paymentId).where("state", "=", "held").execute();
}
