const formats = new Map<string, Intl.NumberFormat>();

const digitsOf = new Map<string, number>();

/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY), as Intl knows them; worked out once per currency. */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/** An amount of minor units (cents) as the visitor's locale writes money: "€ 19,95", "$19.95". */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formats.set(key, format);
  }
  return format.format(minorUnits / 10 ** currencyDigits(currency));
}

/** Minor units as the decimal string providers expect: 1995 EUR → "19.95". */
export function decimalAmount(minorUnits: number, currency: string): string {
  return (minorUnits / 10 ** currencyDigits(currency)).toFixed(currencyDigits(currency));
}

/** A provider's decimal string back to minor units, exactly (no floating point): "19.95" → 1995; else undefined. */
export function minorUnitsOf(decimal: string, currency: string): number | undefined {
  const digits = currencyDigits(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.slice(0, digits) || "0");
}
