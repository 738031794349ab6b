import { electronicFormatIBAN, isSEPACountry, validateIBAN, ValidationErrorsIBAN } from "ibantools";

/**
 * IBANs as members type them and as the bank needs them. Pure functions over ibantools, so the
 * direct-debit form checks the same way in the browser as on the server.
 */

/** What is wrong with an IBAN, as the form says it. */
export type IbanProblem = "required" | "country" | "length" | "checksum";

/** The electronic form: upper case, no spaces or separators ("NL91 abna 0417.1643 00" → "NL91ABNA0417164300"). */
export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value.replace(/[^0-9A-Za-z]/g, "")) ?? "";
}

/**
 * Why an IBAN cannot be debited, if it cannot: an unknown or non-SEPA country, a length or format
 * that country's IBANs do not have, or check digits that do not match (a typo).
 */
export function ibanProblem(value: string): IbanProblem | undefined {
  const iban = normaliseIban(value);
  if (iban === "") return "required";
  const country = iban.slice(0, 2);
  const { valid, errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry) || !/^[A-Z]{2}$/.test(country) || !isSEPACountry(country)) return "country";
  if (valid) return undefined;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) || errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return "length";
  return "checksum";
}

export const isDebitableIban = (value: string) => ibanProblem(value) === undefined;
