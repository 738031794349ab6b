import { randomBytes } from "node:crypto";
import type { Agent as HttpsAgent } from "node:https";
import { parse as parseCookies } from "cookie";
import type { i18n, TFunction } from "i18next";
import type { AccountLimits } from "../accounts/limits";
import type { Sessions, SignedIn } from "../accounts/sessions";
import { TRACKING_COOKIE, trackingFromCookie, trackingFromQuery } from "../accounts/tracking";
import { LANDER_COOKIE, landerFromCookie } from "../analytics/lander-visits";
import type { LanderVisitCounter } from "../analytics/lander-visit-counter";
import type { Bus } from "../bus";
import type { IbanVault } from "../directdebit/iban-vault";
import type { DirectDebitLimits } from "../directdebit/limits";
import type { LiveHub } from "../chat/live";
import type { Store } from "../db/database";
import { todayIn } from "../i18n/dates";
import { chooseLanguage, visibleLanguages } from "../i18n/locale";
import { isLanguage, translationLanguage } from "../i18n/languages";
import type { JobRunner } from "../jobs/runner";
import type { Logger } from "../log";
import { linkOrigin } from "../mail/link-origin";
import type { Mailer } from "../mail/outbox";
import type { MailLinks } from "../notifications/mail-links";
import type { PaymentProviders } from "../payments/providers";
import type { PhotoStorage } from "../photos/storage";
import type { PresenceTracker } from "../presence/tracker";
import type { VapidKeys } from "../push/vapid";
import { reportedRegion } from "../profiles/places";
import { COUNTRIES, ENTRY_WARNING_COUNTRIES, isCountryCode } from "../sites/countries";
import { landingPathLanguage } from "../sites/landing-slug";
import type { SiteRegistry } from "../sites/registry";
import type { SmsSender } from "../sms/sender";
import type { StaffLimits } from "../support/staff-limits";
import type { StaffSessions } from "../support/staff-sessions";
import type { Site } from "../sites/schema";
import { LOCALE_COOKIE, SEARCH_COOKIE, SITE_ENTRY_COOKIE } from "./cookies";

/** The long-lived parts every request shares. */
export type Services = {
  store: Store;
  bus: Bus;
  /** The event streams of the tabs connected to this instance (chat, counts). */
  live: LiveHub;
  i18n: i18n;
  log: Logger;
  sites: SiteRegistry;
  sessions: Sessions;
  limits: AccountLimits;
  /** The support console's sessions and rate limits (its own host; see server/http/console-app.ts). */
  staffSessions: StaffSessions;
  staffLimits: StaffLimits;
  mailer: Mailer;
  /** Where a brand's mail links point and what unsubscribe links are signed with, for mail sent outside a request. */
  mailLinks: MailLinks;
  /** MAIL_EVENTS_SECRET: authenticates the mail provider's bounce and complaint callbacks; unset, they are not taken. */
  mailEventsSecret: string | undefined;
  /** Text messages (direct-debit codes): JSON files in DATA_DIR/sms, or Twilio when SMS_URL is set. */
  sms: SmsSender;
  /** Encrypts and hashes the IBANs of direct-debit mandates (IBAN_KEY, or a key kept in DATA_DIR). */
  ibanVault: IbanVault;
  /** How many direct-debit codes a member and a mandate may have sent. */
  directDebitLimits: DirectDebitLimits;
  /** Where photo files go: DATA_DIR/uploads (served under /media) or an S3 bucket. */
  photos: PhotoStorage;
  /** The payment provider of each brand (test, Mollie, Verotel), made once at start. */
  payments: PaymentProviders;
  /** The web-push key pair: the public key goes to browsers to subscribe with (§3 push public key). */
  vapid: VapidKeys;
  /** The connection agent of push requests; unset, the default one. Tests route them to a local push service stand-in. */
  pushAgent?: HttpsAgent;
  /** The durable job queue's runner: kick() after a commit that enqueued work due now (server/jobs). */
  jobs: JobRunner;
  /** Signs of life of this instance's members, written to last_seen_at at most once a minute each (server/presence). */
  presence: PresenceTracker;
  /** Lander visits counted in memory and written every few seconds (server/analytics). */
  landerVisits: LanderVisitCounter;
  /** The script visitors' pages run instead of the framework (decision 050); none: they run the framework. */
  visitorScript?: string;
  /** Where the folder mail transport writes (the development mail viewer reads it). */
  dataDir: string;
  production: boolean;
};

type ContextInput = {
  site: Site;
  /** Request headers by lower-case name. */
  header: (name: string) => string | undefined;
  /** The header naming the visitor's country, when a trusted proxy sent the request; else none is read. */
  countryHeader: string | undefined;
  regionHeader?: string;
  url: URL;
  ip: string;
  /** The developer at this machine (see isDevelopmentClient): development conveniences are theirs only. */
  developmentClient: boolean;
  /** The session the auth cookie names on this site, if any. */
  signedIn: SignedIn | undefined;
  services: Services;
  log: Logger;
};

/**
 * Everything a loader or action needs to know about the request, worked out once: the brand, where
 * the visitor is, which language they read, and a translator for it. Nothing below reads the host
 * or the cookies again.
 */
export function buildRequestContext({ site, header, countryHeader, regionHeader, url, ip, developmentClient, signedIn, services, log }: ContextInput) {
  const cookies = parseCookies(header("cookie") ?? "");
  const reported = countryHeader ? header(countryHeader)?.trim().toUpperCase() : undefined;
  // CDNs send XX or T1 for unknown and Tor visitors: those fall back to the site's default.
  const geoipCountry = reported && /^[A-Z]{2}$/.test(reported) && reported !== "XX" ? reported : site.default_country;
  const country = (site.countries as string[]).includes(geoipCountry) ? geoipCountry : site.default_country;
  const language =
    landingPathLanguage(site, url.pathname) ??
    chooseLanguage({ site, country: geoipCountry, cookie: cookies[LOCALE_COOKIE], acceptLanguage: header("accept-language") });
  const i18nLanguage = translationLanguage(language, geoipCountry);
  const skippedAt = Number(cookies[SITE_ENTRY_COOKIE]);
  const timeZone = isCountryCode(country) ? COUNTRIES[country].timeZone : "Europe/Amsterdam";
  return {
    site,
    /** The visitor's country as reported (maybe one the site does not serve). */
    geoipCountry,
    /** The site's country for this visitor: theirs when the site serves it, else the default. */
    country,
    /** The visitor's region as reported (a code of regionsOf), when it is one of the site's country. */
    region: country === geoipCountry && regionHeader ? reportedRegion(country, header(regionHeader)) : undefined,
    currency: site.currencies[country as keyof typeof site.currencies],
    timeZone,
    /** Today in the visitor's time zone, 'YYYY-MM-DD' (ages, daily limits). */
    today: todayIn(timeZone),
    language,
    i18nLanguage,
    visibleLanguages: visibleLanguages(site, geoipCountry),
    /** The locale cookie as sent, so the settings call can tell whether one was ever chosen. */
    localeCookie: cookies[LOCALE_COOKIE],
    t: services.i18n.getFixedT(i18nLanguage) as TFunction,
    entryWarningEverywhere: ENTRY_WARNING_COUNTRIES.includes(geoipCountry),
    siteEntrySkippedAt: Number.isFinite(skippedAt) && skippedAt > 0 ? skippedAt : undefined,
    nonce: randomBytes(16).toString("base64"),
    /** Where links in this brand's e-mails point: its primary domain in production, never the Host header. */
    origin: linkOrigin({ site, production: services.production, requestUrl: url }),
    ip,
    developmentClient,
    /** Where the visitor came from (§3): this request's query, else the cookie of an earlier visit. */
    tracking: trackingFromQuery(url.searchParams) ?? trackingFromCookie(cookies[TRACKING_COOKIE]),
    /** The lander of this visit, or of one in the last 30 days, with when it was last seen. */
    lander: landerFromCookie(cookies[LANDER_COOKIE]),
    /** The member search filters of an earlier visit, as a query string. */
    searchState: cookies[SEARCH_COOKIE],
    member: signedIn?.member,
    sessionId: signedIn?.sessionId,
    /** A translator for another member's language (the e-mails they receive). */
    translatorFor: (memberLanguage: string, memberCountry: string) =>
      services.i18n.getFixedT(isLanguage(memberLanguage) ? translationLanguage(memberLanguage, memberCountry) : language) as TFunction,
    log,
    services,
  };
}

export type RequestContext = ReturnType<typeof buildRequestContext>;
