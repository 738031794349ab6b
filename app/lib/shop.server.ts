import type { AppLoadContext } from "@remix-run/node";
import { formatMoney } from "../../server/payments/money";
import { packagesFor } from "../../server/payments/packages";
import { priceAfter, type Discount } from "../../server/promotions/discounts";
import type { ShopPackage } from "../components/shop/package-card";

/** The locale money is written in: the visitor's language as their country writes it ("nl-BE", "en-US"). */
export function moneyLocale(context: Pick<AppLoadContext, "language" | "country">): string {
  return `${context.language}-${context.country}`;
}

/**
 * The brand's packages in the visitor's currency, with every amount already written out: the
 * server formats once, so the page reads the same before and after the browser takes over. Those
 * the member's discount lowers show its price, the package's own struck through.
 */
export function shopPackages(context: Pick<AppLoadContext, "site" | "currency" | "language" | "country">, discount?: Discount): ShopPackage[] {
  const locale = moneyLocale(context);
  const money = (minorUnits: number) => formatMoney(minorUnits, context.currency, locale);
  return packagesFor(context.site, context.currency).map((pack) => {
    const lowered = priceAfter(discount, pack.price);
    const shown = {
      tier: pack.tier,
      credits: pack.credits,
      popular: pack.popular,
      price: money(pack.price),
      normalPrice: pack.normalPrice === undefined ? null : money(pack.normalPrice),
      discountPercent: pack.discountPercent ?? null,
      perCredit: money(pack.pricePerCredit),
    };
    if (!lowered.discount) return shown;
    return {
      ...shown,
      price: money(lowered.amount),
      normalPrice: shown.price,
      discountPercent: Math.round(lowered.discount.percentage),
      perCredit: money(lowered.amount / pack.credits),
      discountCode: lowered.discount.code,
    };
  });
}
