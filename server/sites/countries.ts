import type { Language } from "../i18n/languages";

export type RegionLabel = "province" | "state" | "canton" | "region" | "land" | "voivodeship";

type CountryFacts = {
  /** Visible locales for visitors from this country, in order of preference (§9). */
  locales: readonly Language[];
  currency: string;
  regionLabel: RegionLabel;
  timeZone: string;
};

/** The countries the product serves, with the facts §9 gives for each. */
export const COUNTRIES = {
  US: { locales: ["en", "es"], currency: "USD", regionLabel: "state", timeZone: "America/New_York" },
  NL: { locales: ["nl"], currency: "EUR", regionLabel: "province", timeZone: "Europe/Amsterdam" },
  BE: { locales: ["nl", "fr", "de"], currency: "EUR", regionLabel: "province", timeZone: "Europe/Brussels" },
  FR: { locales: ["fr"], currency: "EUR", regionLabel: "region", timeZone: "Europe/Paris" },
  IT: { locales: ["it"], currency: "EUR", regionLabel: "region", timeZone: "Europe/Rome" },
  ES: { locales: ["es"], currency: "EUR", regionLabel: "region", timeZone: "Europe/Madrid" },
  DE: { locales: ["de"], currency: "EUR", regionLabel: "land", timeZone: "Europe/Berlin" },
  AT: { locales: ["de"], currency: "EUR", regionLabel: "land", timeZone: "Europe/Vienna" },
  IE: { locales: ["en"], currency: "EUR", regionLabel: "region", timeZone: "Europe/Dublin" },
  GB: { locales: ["en"], currency: "GBP", regionLabel: "region", timeZone: "Europe/London" },
  CA: { locales: ["en", "fr"], currency: "CAD", regionLabel: "province", timeZone: "America/Toronto" },
  PL: { locales: ["pl"], currency: "PLN", regionLabel: "voivodeship", timeZone: "Europe/Warsaw" },
  AU: { locales: ["en"], currency: "AUD", regionLabel: "state", timeZone: "Australia/Sydney" },
  NZ: { locales: ["en"], currency: "NZD", regionLabel: "region", timeZone: "Pacific/Auckland" },
  CH: { locales: ["de", "it", "fr", "en"], currency: "CHF", regionLabel: "canton", timeZone: "Europe/Zurich" },
  DK: { locales: ["da"], currency: "DKK", regionLabel: "region", timeZone: "Europe/Copenhagen" },
  FI: { locales: ["fi", "sv"], currency: "EUR", regionLabel: "region", timeZone: "Europe/Helsinki" },
  NO: { locales: ["nb"], currency: "NOK", regionLabel: "region", timeZone: "Europe/Oslo" },
  SE: { locales: ["sv"], currency: "SEK", regionLabel: "region", timeZone: "Europe/Stockholm" },
} as const satisfies Record<string, CountryFacts>;

export type CountryCode = keyof typeof COUNTRIES;
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && Object.hasOwn(COUNTRIES, value);
}

/** Entry-warning countries (§9): visitors from these see the entry warning in every layout. */
export const ENTRY_WARNING_COUNTRIES: readonly string[] = ["NL", "DE"];
