import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/mobile";
import { z } from "zod";
import { ACCOUNT_HOLDER_MAX, CITY_MAX, HOUSE_NUMBER_MAX, IBAN_MAX, PHONE_MAX, STREET_MAX, ZIP_MAX } from "./form-fields";
import { ibanProblem, normaliseIban } from "./iban";

/**
 * The direct-debit form (§3 Direct debit form), checked the same way by the
 * action and in the browser: only zod, ibantools and libphonenumber's mobile metadata are imported
 * here, so the page loads them once the visitor starts typing. Messages are translation keys:
 * "directdebit:" keys of the screen's namespace, "errors." keys of the common one.
 */


/** Postal codes of the countries that take direct debit here, as their post writes them; others a general shape. */
const ZIP_PATTERNS: Record<string, RegExp> = {
  NL: /^[1-9]\d{3} ?[A-Z]{2}$/i,
  BE: /^[1-9]\d{3}$/,
  DE: /^\d{5}$/,
  AT: /^[1-9]\d{3}$/,
  CH: /^[1-9]\d{3}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  FI: /^\d{5}$/,
  SE: /^\d{3} ?\d{2}$/,
};
const ANY_ZIP = /^[A-Z0-9][A-Z0-9 -]{1,9}$/i;

const text = (max: number, message: string, min = 2) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

/** A mobile number of the member's country (or any country, written with +), answered in E.164. */
function mobileNumber(country: string) {
  return z
    .string({ error: "directdebit:errors.phone" })
    .max(PHONE_MAX, { error: "directdebit:errors.phone" })
    .transform((value, ctx) => {
      const parsed = parsePhoneNumberFromString(value, country as CountryCode);
      if (!parsed?.isValid()) {
        ctx.addIssue({ code: "custom", message: "directdebit:errors.phone" });
        return z.NEVER;
      }
      return parsed.number as string;
    });
}

/** The form of a new mandate, for a member living in `country`. */
export function mandateFormSchema({ country }: { country: string }) {
  const zip = ZIP_PATTERNS[country] ?? ANY_ZIP;
  return z.object({
    account_holder: text(ACCOUNT_HOLDER_MAX, "directdebit:errors.accountHolder"),
    iban: z
      .string({ error: "directdebit:errors.iban.required" })
      .max(IBAN_MAX, { error: "directdebit:errors.iban.length" })
      .superRefine((value, ctx) => {
        const problem = ibanProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: `directdebit:errors.iban.${problem}` });
      })
      .transform(normaliseIban),
    street: text(STREET_MAX, "directdebit:errors.street"),
    house_number: z
      .string({ error: "directdebit:errors.houseNumber" })
      .trim()
      .max(HOUSE_NUMBER_MAX, { error: "directdebit:errors.houseNumber" })
      .regex(/^\d[\dA-Za-z /-]*$/, { error: "directdebit:errors.houseNumber" }),
    zip: z
      .string({ error: "directdebit:errors.zip" })
      .trim()
      .max(ZIP_MAX, { error: "directdebit:errors.zip" })
      .regex(zip, { error: "directdebit:errors.zip" })
      .transform((value) => value.toUpperCase()),
    city: text(CITY_MAX, "directdebit:errors.city"),
    phone: mobileNumber(country),
    mandate: z.literal("on", { error: "directdebit:errors.mandate" }),
    /** The per-render key that makes a resent form one mandate. */
    order_key: z.string({ error: "errors.generic" }).regex(/^[\w-]{16,64}$/, { error: "errors.generic" }),
  });
}

export type MandateForm = z.output<ReturnType<typeof mandateFormSchema>>;
