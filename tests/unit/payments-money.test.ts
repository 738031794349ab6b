import { describe, expect, it } from "vitest";
import { currencyDigits, decimalAmount, formatMoney, minorUnitsOf } from "../../server/payments/money";

// Intl separates the symbol with a no-break space in some locales: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("money in minor units", () => {
  it("knows how many digits a currency has", () => {
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
  });

  it("writes cents the way the visitor's locale writes money", () => {
    expect(plain(formatMoney(1995, "EUR", "nl-NL"))).toBe("€ 19,95");
    expect(plain(formatMoney(1995, "USD", "en-US"))).toBe("$19.95");
    expect(plain(formatMoney(2499, "GBP", "en-GB"))).toBe("£24.99");
    expect(plain(formatMoney(123456, "EUR", "de-DE"))).toBe("1.234,56 €");
    expect(plain(formatMoney(500, "JPY", "ja-JP"))).toMatch(/^[￥¥]500$/);
    // The same format twice comes from the kept formatter, with the same answer.
    expect(formatMoney(1995, "EUR", "nl-NL")).toBe(formatMoney(1995, "EUR", "nl-NL"));
  });

  it("writes the decimal string providers take", () => {
    expect(decimalAmount(1995, "EUR")).toBe("19.95");
    expect(decimalAmount(100, "EUR")).toBe("1.00");
    expect(decimalAmount(5, "USD")).toBe("0.05");
    expect(decimalAmount(500, "JPY")).toBe("500");
  });

  it("reads a provider's decimal back to exact minor units, without floating point", () => {
    expect(minorUnitsOf("19.95", "EUR")).toBe(1995);
    expect(minorUnitsOf("0.1", "EUR")).toBe(10);
    expect(minorUnitsOf("10", "EUR")).toBe(1000);
    expect(minorUnitsOf(" 24.99 ", "GBP")).toBe(2499);
    expect(minorUnitsOf("19.950", "EUR")).toBe(1995);
    // 0.29 * 100 is 28.999… in floating point: the string is read digit by digit.
    expect(minorUnitsOf("0.29", "EUR")).toBe(29);
    expect(minorUnitsOf("500", "JPY")).toBe(500);
    for (const decimal of [1, 99, 1995, 8995, 123456]) expect(minorUnitsOf(decimalAmount(decimal, "EUR"), "EUR")).toBe(decimal);
  });

  it("refuses what is not an exact amount of the currency", () => {
    for (const bad of ["19.955", "-1.00", "1e3", "19,95", "", "abc", "1.2.3", "0x10"]) expect(minorUnitsOf(bad, "EUR"), bad).toBeUndefined();
    expect(minorUnitsOf("500.5", "JPY")).toBeUndefined();
  });
});
