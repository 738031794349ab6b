import type { AppLoadContext } from "@remix-run/node";
import { directDebitOffer } from "../../server/directdebit/offer";
import { formatDate } from "../../server/i18n/dates";
import { formatMoney } from "../../server/payments/money";
import { packageFor } from "../../server/payments/packages";
import { moneyLocale } from "./shop.server";
import type { OrderMember } from "../../server/payments/orders";
import type { PaymentView } from "../../server/payments/history";
import { COUNTRIES, isCountryCode } from "../../server/sites/countries";
import { PAYMENT_METHODS, type PackageTier, type PaymentMethod } from "../../server/sites/payments";
import type { Member } from "../../server/accounts/member";

/** What the payment screens show of a package: its credits and its price in the visitor's currency. */
export type ChosenPackage = { tier: PackageTier; credits: number; amount: number; currency: string; price: string };

const notFound = () => new Response("Not found", { status: 404 });

export const isMethod = (value: unknown): value is PaymentMethod => PAYMENT_METHODS.includes(value as PaymentMethod);

/** The brand's package of a tier in the visitor's currency, if it sells one in it. */
export function pricedPackage(context: AppLoadContext, tier: string | undefined): ChosenPackage | undefined {
  const found = tier === undefined ? undefined : packageFor(context.site, context.currency, tier);
  if (!found) return undefined;
  const { price: amount } = found;
  return { tier: found.tier, credits: found.credits, amount, currency: context.currency, price: formatMoney(amount, context.currency, moneyLocale(context)) };
}

/** The package an address names; a 404 for a tier the brand does not sell or a currency it has no price in. */
export function choosePackage(context: AppLoadContext, tier: string | undefined): ChosenPackage {
  const found = pricedPackage(context, tier);
  if (!found) throw notFound();
  return found;
}

export type MethodChoice = { id: PaymentMethod; issuers: { id: string; name: string }[] };

/** The methods of the visitor's country that the brand's provider takes now, or "unavailable" when it cannot say. */
export async function methodChoices(context: AppLoadContext, chosen: ChosenPackage): Promise<MethodChoice[] | "unavailable"> {
  try {
    const options = await context.services.payments.forSite(context.site).methods({
      site: context.site,
      country: context.country,
      currency: chosen.currency,
      amount: chosen.amount,
      sequence: "oneoff",
      locale: context.language,
    });
    const choices = options.filter((option) => isMethod(option.id) && option.id !== "directdebit").map((option) => ({ id: option.id, issuers: option.issuers.map(({ id, name }) => ({ id, name })) }));
    return withOwnDirectDebit(context, choices);
  } catch (error) {
    context.log.warn({ err: error }, "the payment provider could not list its methods");
    return "unavailable";
  }
}

/**
 * Direct debit is the brand's own (server/directdebit), never a provider's: offered, in the place
 * the brand file lists it, where the brand has a creditor for this visitor's country and currency.
 */
function withOwnDirectDebit(context: AppLoadContext, choices: MethodChoice[]): MethodChoice[] {
  if (!ownDirectDebit(context)) return choices;
  const listed = (context.site.payment_methods as Record<string, PaymentMethod[] | undefined>)[context.country] ?? [];
  const before = listed.slice(0, listed.indexOf("directdebit"));
  const at = choices.filter((choice) => before.includes(choice.id)).length;
  return [...choices.slice(0, at), { id: "directdebit", issuers: [] }, ...choices.slice(at)];
}

const ownDirectDebit = (context: AppLoadContext) =>
  directDebitOffer({ site: context.site, country: context.country, currency: context.currency, vault: context.services.ibanVault }) !== undefined;

/** Where a method chosen on the payment screen is paid when the brand runs it itself: its direct-debit form, with the member's discount code. */
export function ownMethodPath(context: AppLoadContext, method: PaymentMethod, tier: string, discountCode?: string): string | undefined {
  if (method !== "directdebit" || !ownDirectDebit(context)) return undefined;
  return `/directdebit?${new URLSearchParams({ package: tier, ...(discountCode ? { code: discountCode } : {}) })}`;
}

/** The member as the order functions take them. */
export const orderMember = (member: Member): OrderMember => ({
  accountId: member.accountId,
  profileId: member.profileId,
  email: member.email,
  language: member.language,
  country: member.country,
});

/** The member's own time zone (their country's), for dates on their statements. */
export function memberTimeZone(context: AppLoadContext, member: Member): string {
  return isCountryCode(member.country) ? COUNTRIES[member.country].timeZone : context.timeZone;
}

/** A payment as the screens show it: money and dates written for the visitor, on the server (one clock, one locale). */
export function paymentForView(context: AppLoadContext, payment: PaymentView, timeZone: string) {
  const money = (minorUnits: number) => formatMoney(minorUnits, payment.currency, moneyLocale(context));
  return {
    id: payment.id,
    package: payment.package,
    credits: payment.credits,
    amount: money(payment.amount),
    discount:
      payment.discountCode && payment.amountBeforeDiscount !== null
        ? { code: payment.discountCode, percent: Math.round(Number(payment.discountPercentage)), saved: money(payment.amountBeforeDiscount - payment.amount) }
        : null,
    method: payment.method,
    status: payment.status,
    sequence: payment.sequence,
    date: formatDate(payment.createdAt, context.language, timeZone, "PPp"),
    paidDate: payment.paidAt ? formatDate(payment.paidAt, context.language, timeZone, "PPp") : null,
  };
}
export type PaymentForView = ReturnType<typeof paymentForView>;
