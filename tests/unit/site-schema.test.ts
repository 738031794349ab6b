import { describe, expect, it } from "vitest";
import { crossSiteProblems, parseSiteFile, type SiteProblem } from "../../server/sites/load";
import { siteFile } from "../support/site-fixtures";

function problems(overrides: Record<string, unknown>, name = "sites/test-brand.json"): SiteProblem[] {
  return parseSiteFile(name, JSON.stringify(siteFile(overrides))).problems;
}

const PACKAGE = { tier: "p0", credits: 50, prices: { EUR: 995 }, popular: false };

function only(overrides: Record<string, unknown>): SiteProblem {
  const found = problems(overrides);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe("site schema", () => {
  it("accepts a short file and fills every default", () => {
    const { site, problems: found } = parseSiteFile("sites/test-brand.json", JSON.stringify(siteFile()));
    expect(found).toEqual([]);
    expect(site).toMatchObject({
      id: "test-brand",
      pool: "test-brand",
      default_country: "NL",
      domain_language: "nl",
      locales: { NL: ["nl"] },
      currencies: { NL: "EUR" },
      theme: "default",
      signups: "all",
      home_design: "classic",
      hsts: "off",
      logged_out_search: true,
      enable_site_entry_popup: "yes",
      mail_name: "Test Brand",
      min_age: 18,
    });
    expect(site?.interests).toContain("one_night_stand");
  });

  it("takes the visible locales and currency per country from the §9 table unless the file says otherwise", () => {
    const { site } = parseSiteFile("sites/x.json", JSON.stringify(siteFile({ countries: ["CH", "BE"], locales: { BE: ["fr"] } })));
    expect(site?.locales).toEqual({ CH: ["de", "it", "fr", "en"], BE: ["fr"] });
    expect(site?.currencies).toEqual({ CH: "CHF", BE: "EUR" });
    expect(site?.domain_language).toBe("de");
  });

  it.each([
    [{ name: undefined }, "name", "is required: the brand name visitors see"],
    [{ name: "" }, "name", "cannot be empty"],
    [{ domains: [] }, "domains", "needs at least one domain"],
    [{ domains: ["https://x.example"] }, "domains[0]", "is not a domain name like example.com"],
    [{ domains: ["www.x.example"] }, "domains[0]", "leave out www."],
    [{ domains: ["a.example", "a.example"] }, "domains[1]", "is listed twice"],
    [{ niche: 0 }, "niche", "must be from 1 to 7"],
    [{ niche: 8 }, "niche", "must be from 1 to 7"],
    [{ niche: 2.5 }, "niche", "whole number"],
    [{ niche: "6" }, "niche", "must be a number from 1 to 7"],
    [{ countries: [] }, "countries", "needs at least one country"],
    [{ countries: ["XX"] }, "countries[0]", '"XX" is not a country this product serves'],
    [{ default_country: "BE" }, "default_country", '"BE" is not one of this brand\'s countries (NL)'],
    [{ domain_language: "pt" }, "domain_language", '"pt" is not a content language'],
    [{ locales: { NL: [] } }, "locales.NL", "needs at least one language"],
    [{ locales: { NL: ["xx"] } }, "locales.NL[0]", '"xx" is not a content language'],
    [{ locales: { BE: ["nl"] } }, "locales.BE", "is not one of this brand's countries"],
    [{ currencies: { NL: "euro" } }, "currencies.NL", "three-letter currency code"],
    [{ theme: "neon" }, "theme", "must be one of the themes"],
    [{ pool: "Pool A" }, "pool", "lower-case letters, digits and hyphens"],
    [{ cdn_prefix: "cdn.example" }, "cdn_prefix", "must start with https:// or /"],
    [{ message_credits: -1 }, "message_credits", "cannot be negative"],
    [{ message_length: 0 }, "message_length", "must be at least 1"],
    [{ minimum_message_costs: { NL: { costs: -1, currency: "EUR" } } }, "minimum_message_costs.NL.costs", "cannot be negative"],
    [{ support_email: "nope" }, "support_email", "an e-mail address"],
    [{ company: undefined }, "company", "is required"],
    [{ company: { address: "a", city: "b", country: "c" } }, "company.name", "the legal name"],
    [{ company: { name: "a", address: "b", city: "c", country: "d", added: "1 maart" } }, "company.added", "YYYY-MM-DD"],
    [{ delete_discount: 120 }, "delete_discount", "percentage from 0 to 90"],
    [{ enable_site_entry_popup: true }, "enable_site_entry_popup", 'must be "yes" or "no"'],
    [{ site_entry_popup_countries: ["DE"] }, "site_entry_popup_countries[0]", "is not one of this brand's countries"],
    [{ fictional_warning: { singular: "x" } }, "fictional_warning.plural", "must be a text"],
    [{ signups: "some" }, "signups", 'must be "all" or "with_trafficsource"'],
    [{ home_design: "modern" }, "home_design", 'must be "classic" or "new"'],
    [{ home_design: "New" }, "home_design", 'must be "classic" or "new"'],
    [{ hsts: true }, "hsts", 'must be "off", "on", "include_subdomains" or "preload"'],
    [{ hsts: "max-age=31536000" }, "hsts", 'must be "off", "on", "include_subdomains" or "preload"'],
    [{ logged_out_search: "yes" }, "logged_out_search", "must be true or false"],
    [{ interests: ["One Night"] }, "interests[0]", "lower case with underscores"],
    [{ search_fields: ["height"] }, "search_fields[0]", "must be one of gender"],
    [{ visible_profile_fields: ["shoe_size"] }, "visible_profile_fields[0]", "must be one of name"],
    [{ min_age: 16 }, "min_age", "cannot be below 18"],
    [{ colour: "red" }, "", 'unknown setting "colour": check the spelling'],
    [{ packages: [] }, "packages", "needs at least one package"],
    [{ packages: [{ tier: "p4", credits: 50, prices: { EUR: 995 }, popular: true }] }, "packages[0].tier", "must be one of p0, p1, p2, p3"],
    [{ packages: [{ tier: "p0", credits: 50, prices: { EUR: 9.95 }, popular: true }] }, "packages[0].prices.EUR", "whole number of cents"],
    [{ packages: [{ tier: "p0", credits: 50, prices: { USD: 995 }, popular: true }] }, "packages[0].prices", "needs a price in EUR"],
    [{ packages: [{ tier: "p0", credits: 50, prices: { EUR: 995 }, normal_prices: { EUR: 995 }, popular: true }] }, "packages[0].normal_prices.EUR", "must be higher than the price"],
    [{ packages: [{ tier: "p0", credits: 50, prices: { EUR: 995 } }] }, "packages", 'mark exactly one package "popular": true (0 are)'],
    [{ packages: [PACKAGE, { ...PACKAGE, popular: true }] }, "packages[1].tier", '"p0" is listed twice'],
    [{ payment_provider: "stripe" }, "payment_provider", "must be one of test, mollie, verotel"],
    [{ payment_methods: { NL: ["cash"] } }, "payment_methods.NL[0]", "must be one of directdebit"],
    [{ payment_methods: { DE: ["giropay"] } }, "payment_methods.DE", "is not one of this brand's countries"],
    [{ payment_expiry_minutes: 1 }, "payment_expiry_minutes", "at least 5 minutes"],
  ])("%j → %s: %s", (overrides, path, message) => {
    const problem = only(overrides);
    expect(problem.path).toBe(path);
    expect(problem.message).toContain(message);
    expect(problem.file).toBe("sites/test-brand.json");
  });

  it("gives a brand without packages the default ones, priced in its currencies, and its countries' usual payment methods", () => {
    const { site } = parseSiteFile("sites/x.json", JSON.stringify(siteFile({ countries: ["CH", "NL"], payment_methods: { NL: ["ideal"] } })));
    expect(site?.packages.map((pack) => [pack.tier, pack.prices.CHF! > 0, pack.prices.EUR! > 0])).toEqual([
      ["p0", true, true], ["p1", true, true], ["p2", true, true], ["p3", true, true],
    ]);
    expect(site?.packages.filter((pack) => pack.popular)).toHaveLength(1);
    expect(site?.payment_methods).toEqual({ CH: ["twint", "creditcard", "paypal"], NL: ["ideal"] });
    expect(site?.payment_provider).toBe("test");
    expect(site?.allow_test_payments).toBe(false);
  });

  it("takes the home page's design from the file", () => {
    expect(parseSiteFile("sites/x.json", JSON.stringify(siteFile({ home_design: "new" }))).site?.home_design).toBe("new");
  });

  it("reports every problem of a file, not just the first", () => {
    expect(problems({ niche: 9, countries: ["ZZ"], support_email: "x" }).map((p) => p.path)).toEqual(["niche", "countries[0]", "support_email"]);
  });

  it("says so when a file is not JSON", () => {
    const { problems: found } = parseSiteFile("sites/broken.json", '{ "name": "x", }');
    expect(found[0]?.message).toMatch(/^is not valid JSON: /);
  });

  it("insists that the file name is a usable site id", () => {
    expect(parseSiteFile("sites/Flirt NL.json", "{}").problems[0]?.message).toContain("file name must be the site id");
  });

  it("finds a domain claimed by two brands", () => {
    const a = parseSiteFile("sites/a.json", JSON.stringify(siteFile({ domains: ["shared.example"] }))).site!;
    const b = parseSiteFile("sites/b.json", JSON.stringify(siteFile({ domains: ["own.example", "shared.example"] }))).site!;
    expect(crossSiteProblems([a, b], (site) => `sites/${site.id}.json`)).toEqual([
      { file: "sites/b.json", path: "domains[1]", message: '"shared.example" already belongs to a' },
    ]);
  });
});
