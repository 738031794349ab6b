import type { AppLoadContext } from "@remix-run/node";
import type { Member } from "../../server/accounts/member";
import { formatMoney } from "../../server/payments/money";
import { activeOffer, lookUpDiscount, normaliseCode, type Discount, type DiscountRefusal } from "../../server/promotions/discounts";
import { hoursUntil } from "../../server/promotions/offers";
import type { ActiveDiscountData } from "../components/shop/shop-notices";
import { moneyLocale } from "./shop.server";

/** The query parameter and form field a typed discount code travels in, from the shop to the order. */
export const CODE_PARAM = "code";

export type ShopDiscount = {
  /** The discount the member's prices are after: the code they typed, else their own offer. */
  discount: Discount | undefined;
  /** The typed code, when it gives no discount: what the member is told, in their language. */
  refusal: { code: string; reason: DiscountRefusal; message: string } | undefined;
  /** The code to carry on to the order, when it was typed (an offer is found again there). */
  typedCode: string | undefined;
};

/** The member's discount for this request: the code in the address, checked, else their active offer (§4). */
export async function shopDiscount(context: AppLoadContext, member: Member, typed: string | null): Promise<ShopDiscount> {
  const lookUp = { site: context.site, member, country: context.country, currency: context.currency };
  const db = context.services.store.db;
  const code = typed ? normaliseCode(typed) : "";
  if (code !== "") {
    const found = await lookUpDiscount(db, { ...lookUp, code });
    if ("discount" in found) return { discount: found.discount, refusal: undefined, typedCode: code };
    // A code that gives nothing leaves the member's own offer in place.
    const refusal = { code, reason: found.refusal, message: context.t(`credits:discount.refused.${found.refusal}`) };
    return { discount: await activeOffer(db, lookUp), refusal, typedCode: undefined };
  }
  return { discount: await activeOffer(db, lookUp), refusal: undefined, typedCode: undefined };
}

/**
 * The discount code an order form carries, looked up again as the order comes in: the server's
 * clock and records decide, whatever the page showed. No code: no discount.
 */
export async function orderDiscount(context: AppLoadContext, member: Member, code: string | null | undefined): Promise<{ discount: Discount | undefined } | { refusal: DiscountRefusal }> {
  if (!code) return { discount: undefined };
  return lookUpDiscount(context.services.store.db, { site: context.site, member, code, country: context.country, currency: context.currency });
}

/** The query that carries a typed code on to a package's method choice ("?code=WINTER20"); an offer needs none, it is found again there. */
export const codeQuery = (code: string | undefined) => (code ? `?${new URLSearchParams({ [CODE_PARAM]: code })}` : "");

/** The discount as the shop shows it above the packages. */
export function discountForView(context: AppLoadContext, discount: Discount, now = new Date()): ActiveDiscountData {
  return {
    code: discount.code,
    kind: discount.kind,
    percentage: discount.percentage,
    ...(discount.kind === "welcome" && discount.expiresAt ? { hoursLeft: hoursUntil(discount.expiresAt, now) } : {}),
    ...(discount.kind === "time_bonus" && discount.expiresAt ? { secondsLeft: Math.max(0, Math.ceil((discount.expiresAt.getTime() - now.getTime()) / 1000)) } : {}),
    ...(discount.minimumOrderValue !== null && discount.currency
      ? { minimum: formatMoney(discount.minimumOrderValue, discount.currency, moneyLocale(context)) }
      : {}),
  };
}
