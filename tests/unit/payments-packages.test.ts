import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../server/payments/money";
import { packageFor, packagesFor, whatThingsCost } from "../../server/payments/packages";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { siteFile } from "../support/site-fixtures";

function site(overrides: Record<string, unknown> = {}): Site {
  const { site: parsed, problems } = parseSiteFile("sites/test-brand.json", JSON.stringify(siteFile(overrides)));
  expect(problems).toEqual([]);
  return parsed!;
}

function demo(id: string): Site {
  const { site: parsed } = parseSiteFile(`sites/${id}.json`, readFileSync(`sites/${id}.json`, "utf8"));
  return parsed!;
}

const shuffled = [
  { tier: "p3", credits: 800, prices: { EUR: 8995, USD: 9995 }, normal_prices: { EUR: 15995 } },
  { tier: "p0", credits: 50, prices: { EUR: 995, USD: 1195 } },
  { tier: "p2", credits: 300, prices: { EUR: 3995, USD: 4495 }, normal_prices: { EUR: 5995, USD: 6995 } },
  { tier: "p1", credits: 125, prices: { EUR: 1995, USD: 2295 }, popular: true },
];

describe("packagesFor", () => {
  it("prices a brand's packages in one currency, sorted p0 to p3, whatever order the file lists them in", () => {
    const packages = packagesFor(site({ packages: shuffled }), "EUR");
    expect(packages.map((pack) => pack.tier)).toEqual(["p0", "p1", "p2", "p3"]);
    expect(packages[1]).toEqual({ tier: "p1", credits: 125, price: 1995, popular: true, pricePerCredit: 15.96 });
    expect(packages[3]).toEqual({ tier: "p3", credits: 800, price: 8995, normalPrice: 15995, discountPercent: 44, popular: false, pricePerCredit: 8995 / 800 });
  });

  it("takes the prices of the currency asked for, with that currency's normal prices only", () => {
    const packages = packagesFor(site({ packages: shuffled }), "USD");
    expect(packages.map((pack) => pack.price)).toEqual([1195, 2295, 4495, 9995]);
    expect(packages.map((pack) => pack.normalPrice)).toEqual([undefined, undefined, 6995, undefined]);
    expect(packages[2]?.discountPercent).toBe(36);
  });

  it("leaves out a package with no price in the currency", () => {
    const euroOnly = { tier: "p0" as const, credits: 10, prices: { EUR: 100 }, normal_prices: {}, popular: true };
    expect(packagesFor({ packages: [euroOnly] }, "USD")).toEqual([]);
    expect(packagesFor({ packages: [euroOnly] }, "EUR")).toHaveLength(1);
  });

  it("finds one package by tier, and none for a tier the brand does not sell", () => {
    const brand = site({ packages: shuffled });
    expect(packageFor(brand, "EUR", "p2")?.credits).toBe(300);
    expect(packageFor(brand, "EUR", "p9")).toBeUndefined();
  });

  it("gives the demo brands one popular package each, with normal prices above the price", () => {
    for (const [id, currency] of [["flirt-nl", "EUR"], ["bbw-us", "USD"], ["gay-uk", "GBP"], ["milf-de", "EUR"]] as const) {
      const packages = packagesFor(demo(id), currency);
      expect(packages).toHaveLength(4);
      expect(packages.filter((pack) => pack.popular)).toHaveLength(1);
      for (const pack of packages) if (pack.normalPrice !== undefined) expect(pack.normalPrice).toBeGreaterThan(pack.price);
    }
  });
});

describe("formatMoney", () => {
  it("writes minor units the way the visitor's locale writes money", () => {
    expect(formatMoney(1995, "EUR", "nl-NL")).toBe("€\u00a019,95");
    expect(formatMoney(1299, "USD", "en-US")).toBe("$12.99");
    expect(formatMoney(1995, "EUR", "de-DE")).toBe("19,95\u00a0€");
  });
});

describe("whatThingsCost", () => {
  const brand = site({
    countries: ["NL", "BE"],
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 25,
    minimum_message_costs: { BE: { costs: 12, currency: "EUR" }, NL: { costs: 8, currency: "EUR" } },
  });

  it("charges a message the brand's message credits where the country minimum is lower", () => {
    expect(whatThingsCost(brand, "NL")).toEqual({ message: 10, countryMinimum: 8, photo: 15, gift: 25 });
  });

  it("charges the country minimum where it is higher than the brand's message credits", () => {
    expect(whatThingsCost(brand, "BE")).toEqual({ message: 12, countryMinimum: 12, photo: 15, gift: 25 });
  });

  it("names no minimum for a country without one", () => {
    expect(whatThingsCost(site(), "NL")).toEqual({ message: 10, photo: 15, gift: 25 });
  });

  it("agrees with the demo brand flirt-nl: 12 credits a message for a Belgian visitor", () => {
    expect(whatThingsCost(demo("flirt-nl"), "BE").message).toBe(12);
  });
});
