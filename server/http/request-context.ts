import { randomBytes } from "node:crypto";
import { parse as parseCookies } from "cookie";
import type { i18n, TFunction } from "i18next";
import type { Bus } from "../bus";
import type { Store } from "../db/database";
import { chooseLanguage, visibleLanguages } from "../i18n/locale";
import { translationLanguage } from "../i18n/languages";
import type { Logger } from "../log";
import { COUNTRIES, ENTRY_WARNING_COUNTRIES, isCountryCode } from "../sites/countries";
import type { SiteRegistry } from "../sites/registry";
import type { Site } from "../sites/schema";
import { LOCALE_COOKIE, SITE_ENTRY_COOKIE } from "./cookies";

/** The long-lived parts every request shares. */
export type Services = {
  store: Store;
  bus: Bus;
  i18n: i18n;
  log: Logger;
  sites: SiteRegistry;
};

type ContextInput = {
  site: Site;
  /** Request headers by lower-case name. */
  header: (name: string) => string | undefined;
  countryHeader: string;
  services: Services;
  log: Logger;
};

/**
 * Everything a loader or action needs to know about the request, worked out once: the brand, where
 * the visitor is, which language they read, and a translator for it. Nothing below reads the host
 * or the cookies again.
 */
export function buildRequestContext({ site, header, countryHeader, services, log }: ContextInput) {
  const cookies = parseCookies(header("cookie") ?? "");
  const reported = header(countryHeader)?.trim().toUpperCase();
  // CDNs send XX or T1 for unknown and Tor visitors: those fall back to the site's default.
  const geoipCountry = reported && /^[A-Z]{2}$/.test(reported) && reported !== "XX" ? reported : site.default_country;
  const country = (site.countries as string[]).includes(geoipCountry) ? geoipCountry : site.default_country;
  const language = chooseLanguage({ site, country: geoipCountry, cookie: cookies[LOCALE_COOKIE], acceptLanguage: header("accept-language") });
  const i18nLanguage = translationLanguage(language, geoipCountry);
  const skippedAt = Number(cookies[SITE_ENTRY_COOKIE]);
  return {
    site,
    /** The visitor's country as reported (maybe one the site does not serve). */
    geoipCountry,
    /** The site's country for this visitor: theirs when the site serves it, else the default. */
    country,
    currency: site.currencies[country as keyof typeof site.currencies],
    timeZone: isCountryCode(country) ? COUNTRIES[country].timeZone : "Europe/Amsterdam",
    language,
    i18nLanguage,
    visibleLanguages: visibleLanguages(site, geoipCountry),
    /** The locale cookie as sent, so the settings call can tell whether one was ever chosen. */
    localeCookie: cookies[LOCALE_COOKIE],
    t: services.i18n.getFixedT(i18nLanguage) as TFunction,
    entryWarningEverywhere: ENTRY_WARNING_COUNTRIES.includes(geoipCountry),
    siteEntrySkippedAt: Number.isFinite(skippedAt) && skippedAt > 0 ? skippedAt : undefined,
    nonce: randomBytes(16).toString("base64"),
    log,
    services,
  };
}

export type RequestContext = ReturnType<typeof buildRequestContext>;
