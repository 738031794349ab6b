import { visibleLanguages } from "../i18n/locale";
import { COUNTRY_CODES, ENTRY_WARNING_COUNTRIES } from "../sites/countries";
import { normalizeHost } from "../sites/host";
import { jsonPath } from "../sites/load";
import { siteLandingSlugs } from "../sites/landing-slug";
import type { RefusedEdit, SiteRegistry } from "../sites/registry";
import { nicheName, type Site } from "../sites/schema";

/**
 * What the support console shows of the brands: pure functions over the live registry (no file is
 * read for a page), so staff see exactly what the brand hosts serve at this moment.
 */

export type BrandRegistry = Pick<SiteRegistry, "all" | "byId" | "resolveHost" | "loadedAt" | "writtenSettings" | "refusedEdit" | "refusedEdits">;

export type BrandSummary = {
  id: string;
  name: string;
  domains: string[];
  niche: { number: number; name: string };
  countries: string[];
  /** The currencies of its countries, each once. */
  currencies: string[];
  paymentProvider: string;
  pool: string;
  loadedAt: Date | undefined;
  /** The last edit of its file was refused: its previous version keeps serving. */
  editRefused: boolean;
};

export function brandSummaries(sites: BrandRegistry): BrandSummary[] {
  return sites
    .all()
    .map((site) => ({
      id: site.id,
      name: site.name,
      domains: site.domains,
      niche: { number: site.niche, name: nicheName(site.niche) },
      countries: site.countries,
      currencies: [...new Set(site.countries.map((country) => site.currencies[country]))],
      paymentProvider: site.payment_provider,
      pool: site.pool,
      loadedAt: sites.loadedAt(site.id),
      editRefused: sites.refusedEdit(site.id) !== undefined,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** One resolved setting: `company.name`, `locales.BE`, `packages[1].prices.EUR`. */
export type SettingRow = { path: string; value: unknown; fromDefault: boolean };

/** Where a value sits in an object, or that it is not there. */
const ABSENT = Symbol("absent");
function at(value: unknown, segments: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of segments) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return ABSENT;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Every setting of a brand as it serves it, one row per value: objects are opened down to their
 * values, lists of objects (packages) by position, lists of plain values kept whole. A value the
 * brand's file does not write was filled by the schema's defaults.
 */
export function resolvedSettings(sites: Pick<BrandRegistry, "writtenSettings">, site: Site): SettingRow[] {
  const written = sites.writtenSettings(site);
  const rows: SettingRow[] = [];
  const visit = (value: unknown, segments: (string | number)[]) => {
    const opens = (isPlainObject(value) && Object.keys(value).length > 0) || (Array.isArray(value) && value.length > 0 && value.every(isPlainObject));
    if (opens) {
      for (const [key, inner] of Object.entries(value as object)) visit(inner, [...segments, Array.isArray(value) ? Number(key) : key]);
      return;
    }
    rows.push({ path: jsonPath(segments), value, fromDefault: at(written, segments) === ABSENT });
  };
  // The id is the file's name, not a setting in it.
  const { id: _id, ...settings } = site;
  visit(settings, []);
  return rows;
}

/** The group a setting is shown in: its top-level key. */
export function settingGroup(path: string): string {
  return /^[^.[]+/.exec(path)?.[0] ?? path;
}

export type DomainCheck =
  | { host: string; found: false }
  | {
      host: string;
      found: true;
      /** Whether the host is one of the brand's domains or `<site-id>.localhost` (outside production only). */
      matchedBy: "domain" | "site id";
      site: { id: string; name: string; domains: string[]; loadedAt: Date | undefined };
      settings: SettingRow[];
      /** What the language switcher offers a visitor from each country (the brand's own first). */
      languagesByCountry: { country: string; served: boolean; languages: string[] }[];
      /** A visitor from a country the product does not know. */
      languagesElsewhere: string[];
      landingSlugs: { locale: string; slug: string }[];
      entryRules: EntryRules;
      refusedEdit: RefusedEdit | undefined;
    };

export type EntryRules = {
  /** Visitors from these countries see the entry warning in every layout, on every brand (§9). */
  entryWarningCountries: readonly string[];
  /** Those of them the brand serves. */
  entryWarningServed: string[];
  /** The site-entry pop-up for signed-out visitors who have not skipped it. */
  siteEntryPopup: { enabled: boolean; countries: "all" | string[] };
};

/** `https://www.Brand.example:8443/path` as typed or pasted: the host part only. */
export function hostOf(input: string): string {
  const trimmed = input.trim();
  const withoutScheme = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  return withoutScheme.split(/[/?#]/, 1)[0] ?? "";
}

/** Which brand answers a host, resolved as the HTTP layer does, and everything that brand serves. */
export function checkDomain(sites: BrandRegistry, domain: string): DomainCheck {
  const typed = hostOf(domain);
  const host = normalizeHost(typed);
  const site = sites.resolveHost(typed);
  if (!site) return { host, found: false };
  const served = site.countries as string[];
  const others = COUNTRY_CODES.filter((country) => !served.includes(country));
  return {
    host,
    found: true,
    matchedBy: site.domains.includes(host) ? "domain" : "site id",
    site: { id: site.id, name: site.name, domains: site.domains, loadedAt: sites.loadedAt(site.id) },
    settings: resolvedSettings(sites, site),
    languagesByCountry: [...served, ...others].map((country) => ({ country, served: served.includes(country), languages: visibleLanguages(site, country) })),
    languagesElsewhere: visibleLanguages(site, ""),
    landingSlugs: siteLandingSlugs(site).map(({ language, slug }) => ({ locale: language, slug })),
    entryRules: entryRules(site),
    refusedEdit: sites.refusedEdit(site.id),
  };
}

export function entryRules(site: Site): EntryRules {
  return {
    entryWarningCountries: ENTRY_WARNING_COUNTRIES,
    entryWarningServed: (site.countries as string[]).filter((country) => ENTRY_WARNING_COUNTRIES.includes(country)),
    siteEntryPopup: { enabled: site.enable_site_entry_popup === "yes", countries: site.site_entry_popup_countries ?? "all" },
  };
}

type Side = { value: unknown; fromDefault: boolean } | undefined;
export type CompareRow = { path: string; a: Side; b: Side; differs: boolean };

/** Two brands' resolved settings side by side, in the first one's order, then the second's extra paths. */
export function compareBrands(a: readonly SettingRow[], b: readonly SettingRow[]): CompareRow[] {
  const byPath = (rows: readonly SettingRow[]) => new Map(rows.map((row) => [row.path, row]));
  const left = byPath(a);
  const right = byPath(b);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths.map((path) => {
    const l = left.get(path);
    const r = right.get(path);
    const side = (row: SettingRow | undefined): Side => (row ? { value: row.value, fromDefault: row.fromDefault } : undefined);
    return { path, a: side(l), b: side(r), differs: compactJson(l?.value) !== compactJson(r?.value) };
  });
}

/** A value as the console shows it: compact JSON, "—" where nothing is set. */
export function compactJson(value: unknown): string {
  return value === undefined ? "—" : JSON.stringify(value);
}

/** Settings as a page lists them: lone top-level values together first (key ""), then one group per object or list. */
export function groupByTopLevel<T extends { path: string }>(rows: readonly T[]): { key: string; rows: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = settingGroup(row.path);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const general = [...groups].filter(([key, inner]) => inner.length === 1 && inner[0]!.path === key).flatMap(([, inner]) => inner);
  const nested = [...groups].filter(([key, inner]) => !(inner.length === 1 && inner[0]!.path === key)).map(([key, inner]) => ({ key, rows: inner }));
  return [{ key: "", rows: general }, ...nested].filter((group) => group.rows.length > 0);
}

/** A moment as staff read it, the same on the server and in the browser. */
export function consoleTime(date: Date | undefined): string {
  return date ? `${date.toISOString().slice(0, 19).replace("T", " ")} UTC` : "—";
}
