import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SiteRegistry } from "../../server/sites/registry";
import { brandSummaries, checkDomain, compareBrands, groupByTopLevel, resolvedSettings, type SettingRow } from "../../server/support/brand-inspection";
import { siteFile } from "../support/site-fixtures";

const log = pino({ level: "silent" });

async function brands(files: Record<string, Record<string, unknown>>) {
  const dir = await mkdtemp(path.join(tmpdir(), "amora-brands-"));
  const write = (id: string, content: Record<string, unknown>) => writeFile(path.join(dir, `${id}.json`), JSON.stringify(content));
  for (const [id, content] of Object.entries(files)) await write(id, content);
  // As outside production: <site-id>.localhost answers too.
  return { sites: await SiteRegistry.open({ dir, allowLocalhostIds: true, log }), write };
}

const row = (rows: SettingRow[], path: string) => rows.find((r) => r.path === path);

afterEach(() => {
  vi.useRealTimers();
});

describe("a brand's resolved settings", () => {
  it("marks the values its file does not write as filled by the defaults", async () => {
    const { sites } = await brands({
      a: siteFile({ countries: ["NL", "BE"], locales: { NL: ["nl"] }, message_credits: 12, company: { name: "A B.V.", address: "Straat 1", city: "Utrecht", country: "NL", kvk: "123" } }),
    });
    const rows = resolvedSettings(sites, sites.byId("a")!);
    expect(row(rows, "message_credits")).toEqual({ path: "message_credits", value: 12, fromDefault: false });
    expect(row(rows, "signup_credits")).toEqual({ path: "signup_credits", value: 20, fromDefault: true });
    expect(row(rows, "home_design")).toEqual({ path: "home_design", value: "classic", fromDefault: true });
    expect(row(rows, "countries")).toEqual({ path: "countries", value: ["NL", "BE"], fromDefault: false });
    // Per-country values: written for one country, filled from the §9 table for the other.
    expect(row(rows, "locales.NL")?.fromDefault).toBe(false);
    expect(row(rows, "locales.BE")).toEqual({ path: "locales.BE", value: ["nl", "fr", "de"], fromDefault: true });
    expect(row(rows, "currencies.BE")).toEqual({ path: "currencies.BE", value: "EUR", fromDefault: true });
    expect(row(rows, "company.kvk")?.fromDefault).toBe(false);
    expect(row(rows, "company.zip")).toEqual({ path: "company.zip", value: "", fromDefault: true });
    // Derived from other settings: still not written.
    expect(row(rows, "mail_name")).toEqual({ path: "mail_name", value: "Test Brand", fromDefault: true });
    expect(row(rows, "pool")).toEqual({ path: "pool", value: "a", fromDefault: true });
    expect(row(rows, "packages[1].popular")).toEqual({ path: "packages[1].popular", value: true, fromDefault: true });
    // The id is the file's name, not a setting.
    expect(row(rows, "id")).toBeUndefined();
  });

  it("groups lone values first and then one group per object or list", async () => {
    const { sites } = await brands({ a: siteFile() });
    const groups = groupByTopLevel(resolvedSettings(sites, sites.byId("a")!));
    expect(groups[0]!.key).toBe("");
    expect(groups[0]!.rows.map((r) => r.path)).toContain("message_credits");
    expect(groups.find((group) => group.key === "company")?.rows.map((r) => r.path)).toContain("company.name");
    expect(new Set(groups.map((group) => group.key)).size).toBe(groups.length);
  });
});

describe("checking a domain", () => {
  it("finds the brand the HTTP layer would, whatever the port, case, www. or trailing dot", async () => {
    const { sites } = await brands({ a: siteFile({ domains: ["a.example"] }), b: siteFile({ domains: ["b.example"] }) });
    for (const typed of ["a.example", "A.EXAMPLE:8443", "www.a.example.", "https://A.example/pages/faq?x=1"]) {
      const check = checkDomain(sites, typed);
      expect(check.found && check.site.id, typed).toBe("a");
      expect(check.host).toBe("a.example");
      expect(check.found && check.matchedBy).toBe("domain");
    }
    const local = checkDomain(sites, "b.localhost:3000");
    expect(local.found && local.site.id).toBe("b");
    expect(local.found && local.matchedBy).toBe("site id");
    expect(checkDomain(sites, "C.example:80")).toEqual({ host: "c.example", found: false });
  });

  it("lists the languages per country, the landing slugs and the entry rules", async () => {
    const { sites } = await brands({
      a: siteFile({ niche: 6, countries: ["DE", "AT"], enable_site_entry_popup: "yes", site_entry_popup_countries: ["DE"] }),
    });
    const check = checkDomain(sites, "testbrand.example");
    if (!check.found) throw new Error("not found");
    expect(check.languagesByCountry.slice(0, 2)).toEqual([
      { country: "DE", served: true, languages: ["de"] },
      { country: "AT", served: true, languages: ["de"] },
    ]);
    // A Swiss visitor: the Swiss languages this brand has.
    expect(check.languagesByCountry.find((r) => r.country === "CH")).toEqual({ country: "CH", served: false, languages: ["de"] });
    expect(check.landingSlugs).toEqual([{ locale: "de", slug: "milf-de" }]);
    expect(check.entryRules.entryWarningServed).toEqual(["DE"]);
    expect(check.entryRules.siteEntryPopup).toEqual({ enabled: true, countries: ["DE"] });
    expect(check.refusedEdit).toBeUndefined();
  });
});

describe("comparing two brands", () => {
  it("marks the rows that differ, including a value only one of them has", async () => {
    const { sites } = await brands({
      a: siteFile({ domains: ["a.example"], message_credits: 12 }),
      b: siteFile({ domains: ["b.example"], countries: ["NL", "BE"], message_credits: 12, signup_credits: 20, photo_credits: 30 }),
    });
    const rows = compareBrands(resolvedSettings(sites, sites.byId("a")!), resolvedSettings(sites, sites.byId("b")!));
    const byPath = (p: string) => rows.find((r) => r.path === p);
    expect(byPath("message_credits")).toEqual({ path: "message_credits", a: { value: 12, fromDefault: false }, b: { value: 12, fromDefault: false }, differs: false });
    expect(byPath("name")?.differs).toBe(false);
    // The same value, written by one and filled by the defaults for the other, is no difference.
    expect(byPath("signup_credits")).toMatchObject({ a: { value: 20, fromDefault: true }, b: { value: 20, fromDefault: false }, differs: false });
    expect(byPath("photo_credits")).toMatchObject({ a: { value: 15, fromDefault: true }, b: { value: 30, fromDefault: false }, differs: true });
    expect(byPath("domains")?.differs).toBe(true);
    expect(byPath("locales.BE")).toMatchObject({ a: undefined, differs: true });
    expect(byPath("locales.NL")?.differs).toBe(false);
  });
});

describe("the registry's record of each file's loads", () => {
  it("keeps when a file was loaded and the problems of an edit it refused, until a later edit applies", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-05-01T10:00:00Z"));
    const { sites, write } = await brands({ a: siteFile({ domains: ["a.example"] }), b: siteFile({ domains: ["b.example"] }) });
    expect(brandSummaries(sites).map((brand) => [brand.id, brand.loadedAt?.toISOString(), brand.editRefused])).toEqual([
      ["a", "2026-05-01T10:00:00.000Z", false],
      ["b", "2026-05-01T10:00:00.000Z", false],
    ]);

    vi.setSystemTime(new Date("2026-05-01T11:00:00Z"));
    await write("a", siteFile({ domains: ["a.example"], niche: 99 }));
    expect(await sites.reloadFiles(["a.json"])).toBe(false);
    const refused = checkDomain(sites, "a.example");
    expect(refused.found && refused.refusedEdit?.problems.map((p) => p.path)).toEqual(["niche"]);
    expect(refused.found && refused.site.loadedAt?.toISOString()).toBe("2026-05-01T10:00:00.000Z");
    expect(brandSummaries(sites).find((brand) => brand.id === "a")?.editRefused).toBe(true);

    // A domain another brand holds is refused the same way.
    await write("b", siteFile({ domains: ["b.example", "a.example"] }));
    expect(await sites.reloadFiles(["b.json"])).toBe(false);
    expect(sites.refusedEdit("b")?.problems).toEqual([expect.objectContaining({ path: "domains[1]", message: expect.stringContaining("already belongs to a") })]);

    vi.setSystemTime(new Date("2026-05-01T12:00:00Z"));
    await write("a", siteFile({ domains: ["a.example"], name: "Fixed" }));
    expect(await sites.reloadFiles(["a.json"])).toBe(true);
    const fixed = checkDomain(sites, "a.example");
    expect(fixed.found && fixed.refusedEdit).toBeUndefined();
    expect(fixed.found && fixed.site.loadedAt?.toISOString()).toBe("2026-05-01T12:00:00.000Z");
    expect(fixed.found && fixed.settings.find((r) => r.path === "name")).toEqual({ path: "name", value: "Fixed", fromDefault: false });
    expect(sites.loadedAt("b")?.toISOString()).toBe("2026-05-01T10:00:00.000Z");
  });
});
