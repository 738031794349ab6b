import { packageFor } from "../payments/packages";
import { priceAfter, type Discount } from "../promotions/discounts";
import type { DirectDebitSettings, PaymentMethod } from "../sites/payments";
import type { Site } from "../sites/schema";
import type { IbanVault } from "./iban-vault";

export type DirectDebitOffer = { settings: DirectDebitSettings; monthlyLimit: number };

/**
 * Whether the brand debits this visitor's account itself: it has a creditor (direct_debit), the
 * country lists the method, the currency has a monthly limit, and bank details can be stored.
 */
export function directDebitOffer({ site, country, currency, vault }: { site: Site; country: string; currency: string; vault: IbanVault }): DirectDebitOffer | undefined {
  const settings = site.direct_debit;
  if (!settings || !vault.open) return undefined;
  const methods = (site.payment_methods as Record<string, PaymentMethod[] | undefined>)[country] ?? [];
  const monthlyLimit = settings.monthly_limit[currency];
  if (!methods.includes("directdebit") || monthlyLimit === undefined) return undefined;
  return { settings, monthlyLimit };
}

export type DirectDebitPrice = {
  amount: number;
  credits: number;
  /** The package's own price and the discount that lowered it, when one did. */
  price: number;
  discount: Discount | undefined;
};

/**
 * What a package costs by direct debit, in minor units of the currency: the one place that decides
 * it, after the member's discount when it lowers this package and may be paid by direct debit.
 */
export function directDebitAmount({ site, currency, tier, discount }: { site: Site; currency: string; tier: string; discount?: Discount }): DirectDebitPrice | undefined {
  const found = packageFor(site, currency, tier);
  if (!found) return undefined;
  return { ...priceAfter(discount, found.price, "directdebit"), credits: found.credits, price: found.price };
}

/** The brand's part of a mandate reference: its id in capitals without separators ("flirt-nl" → "FLIRTNL"). */
export function mandatePrefix(siteId: string): string {
  return siteId.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 20) || "AMORA";
}

/** A SEPA mandate id: at most 35 of A-Z, 0-9 and -, such as FLIRTNL-000123. */
export const mandateReference = (siteId: string, number: number) => `${mandatePrefix(siteId)}-${String(number).padStart(6, "0")}`;
