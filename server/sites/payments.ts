import { isValidBIC } from "ibantools";
import { z } from "zod";
import { isCreditorId } from "../directdebit/creditor-id";
import { isDebitableIban, normaliseIban } from "../directdebit/iban";
import type { CountryCode } from "./countries";

/**
 * The payment part of a brand file: its credit packages, its payment provider and the methods
 * each country pays with. Money is always an integer of minor units (cents), per currency.
 */

export const PACKAGE_TIERS = ["p0", "p1", "p2", "p3"] as const;
export type PackageTier = (typeof PACKAGE_TIERS)[number];

/** The payment methods of §9, by the ids providers use for them. */
export const PAYMENT_METHODS = [
  "directdebit", "przelewy24", "postepay", "blik", "banktransfer", "giropay", "mastercard", "visa",
  "creditcard", "nexi", "cartebancaire", "dankort", "mobilepay", "swish", "twint", "satispay", "vipps",
  "ideal", "bancontact", "applepay", "paysafecard", "maestro", "paypal", "sofort", "eps",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods that leave a card or account to charge again: a repeat order needs no new checkout. */
export const RECURRING_METHODS: readonly PaymentMethod[] = ["creditcard", "visa", "mastercard", "maestro", "paypal", "directdebit"];

export const PAYMENT_PROVIDERS = ["test", "mollie", "verotel"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What most members of a country pay with, when a brand file names none for it. */
export const DEFAULT_PAYMENT_METHODS: Record<CountryCode, PaymentMethod[]> = {
  US: ["creditcard", "paypal", "applepay"],
  NL: ["ideal", "creditcard", "paypal", "bancontact", "paysafecard"],
  BE: ["bancontact", "ideal", "creditcard", "paypal", "paysafecard"],
  FR: ["cartebancaire", "creditcard", "paypal", "paysafecard"],
  IT: ["creditcard", "postepay", "satispay", "nexi", "paypal"],
  ES: ["creditcard", "paypal", "paysafecard"],
  DE: ["creditcard", "paypal", "sofort", "giropay", "paysafecard"],
  AT: ["eps", "creditcard", "paypal", "sofort", "paysafecard"],
  IE: ["creditcard", "paypal", "applepay"],
  GB: ["creditcard", "paypal", "applepay"],
  CA: ["creditcard", "paypal"],
  PL: ["blik", "przelewy24", "creditcard", "paypal"],
  AU: ["creditcard", "paypal"],
  NZ: ["creditcard", "paypal"],
  CH: ["twint", "creditcard", "paypal"],
  DK: ["dankort", "mobilepay", "creditcard", "paypal"],
  FI: ["creditcard", "mobilepay", "paypal"],
  NO: ["vipps", "creditcard", "paypal"],
  SE: ["swish", "creditcard", "paypal"],
};

const minorUnits = z
  .number({ error: "must be an amount in cents (minor units), such as 1995 for 19.95" })
  .int({ error: "must be a whole number of cents (minor units), such as 1995 for 19.95" })
  .min(1, { error: "must be at least 1 cent" });

const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: "must be a three-letter currency code such as EUR" });

export const creditPackage = z.strictObject({
  tier: z.enum(PACKAGE_TIERS, { error: `must be one of ${PACKAGE_TIERS.join(", ")}` }),
  credits: z.number({ error: "must be a number of credits" }).int({ error: "must be a whole number" }).min(1, { error: "must be at least 1" }),
  /** The price per currency, in minor units. */
  prices: z.record(currencyCode, minorUnits, { error: 'must be an object of prices by currency, such as {"EUR": 1995}' }),
  /** The usual price, shown struck through next to a lower one. */
  normal_prices: z.record(currencyCode, minorUnits).default({}),
  popular: z.boolean({ error: "must be true or false" }).default(false),
});
export type CreditPackage = z.output<typeof creditPackage>;

/** Sensible packages for a brand that names none, in every currency the product sells in. */
export const DEFAULT_PACKAGES: CreditPackage[] = [
  { tier: "p0", credits: 50, prices: prices(995), normal_prices: {}, popular: false },
  { tier: "p1", credits: 120, prices: prices(1995), normal_prices: prices(2395), popular: true },
  { tier: "p2", credits: 300, prices: prices(3995), normal_prices: prices(5995), popular: false },
  { tier: "p3", credits: 800, prices: prices(8995), normal_prices: prices(15995), popular: false },
];

/** One price in each currency: the euro figure where a unit is worth about a euro, else scaled to a round .95. */
function prices(euroCents: number): Record<string, number> {
  const perEuro = { EUR: 1, USD: 1, GBP: 1, CHF: 1, CAD: 1.4, AUD: 1.5, NZD: 1.6, PLN: 4.5, DKK: 7.5, NOK: 11, SEK: 11 };
  return Object.fromEntries(
    Object.entries(perEuro).map(([code, factor]) => [code, factor === 1 ? euroCents : Math.round((euroCents * factor) / 100) * 100 - 5]),
  );
}

/** The methods a brand offers in one country, in the order they are shown. */
export const paymentMethodList = z
  .array(z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(", ")}` }))
  .min(1, { error: "needs at least one method" });

/**
 * The brand's own SEPA direct debit (§3 Direct debit form): who collects, into which account, and
 * the most one member, and one IBAN, may have debited in a calendar month, per currency. A brand
 * without it offers no direct debit.
 */
export const directDebitSettings = z.strictObject(
  {
    creditor_id: z
      .string({ error: "must be the SEPA creditor identifier, such as NL32ZZZ876543210000" })
      .transform((value) => value.replace(/\s/g, "").toUpperCase())
      .refine(isCreditorId, { error: "must be a SEPA creditor identifier with matching check digits, such as NL32ZZZ876543210000" }),
    creditor_name: z
      .string({ error: "must be the name the members' banks show, such as Amora Media B.V." })
      .trim()
      .min(1, { error: "must be the name the members' banks show, such as Amora Media B.V." })
      .max(70, { error: "must be at most 70 characters (the SEPA limit)" }),
    creditor_iban: z
      .string({ error: "must be the IBAN the debits are paid into" })
      .refine(isDebitableIban, { error: "must be a valid IBAN of a SEPA country (country, length and check digits)" })
      .transform(normaliseIban),
    creditor_bic: z
      .string()
      .transform((value) => value.replace(/\s/g, "").toUpperCase())
      .refine(isValidBIC, { error: "must be a BIC of 8 or 11 characters, such as ABNANL2A" })
      .optional(),
    monthly_limit: z.record(currencyCode, minorUnits, { error: 'must be an object of amounts by currency, such as {"EUR": 15000}' }),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? undefined : "must be an object with creditor_id, creditor_name, creditor_iban and monthly_limit") },
);
export type DirectDebitSettings = z.output<typeof directDebitSettings>;

export const paymentSettings = {
  packages: z.array(creditPackage, { error: "must be a list of credit packages" }).min(1, { error: "needs at least one package" }).default(() => DEFAULT_PACKAGES),
  payment_provider: z.enum(PAYMENT_PROVIDERS, { error: `must be one of ${PAYMENT_PROVIDERS.join(", ")}` }).default("test"),
  /** The built-in test provider is refused in production unless a brand says yes here. */
  allow_test_payments: z.boolean({ error: "must be true or false" }).default(false),
  /** A payment the provider never settles is given up (expired) after this many minutes. */
  payment_expiry_minutes: z.number().int().min(5, { error: "must be at least 5 minutes" }).max(10_080, { error: "must be at most a week (10080 minutes)" }).default(120),
  direct_debit: directDebitSettings.optional(),
};
