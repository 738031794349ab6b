import type { TFunction } from "i18next";
import { COUNTRIES } from "./countries";
import type { Site } from "./schema";
import type { Language } from "../i18n/languages";

type LocalizedText = string | Partial<Record<Language, string>>;

/** A brand manager's text in the visitor's language, or undefined where none was given. */
export function localized(text: LocalizedText | undefined, language: Language): string | undefined {
  if (text === undefined || typeof text === "string") return text;
  return text[language] ?? text.en ?? Object.values(text)[0];
}

/** The brand's page title and description in the visitor's language, else the catalogue's. */
export function siteTitle(site: Site, language: Language, t: TFunction): string {
  return localized(site.index_title, language) ?? t("home.metaTitle", { name: site.name });
}

export function siteDescription(site: Site, language: Language, t: TFunction): string {
  return localized(site.description, language) ?? t("home.metaDescription", { name: site.name });
}

type SettingsInput = {
  site: Site;
  language: Language;
  /** The visitor's country as the CDN reported it, else the site's default. */
  geoipCountry: string;
  t: TFunction;
};

/** The settings object of §3 as GET /api/settings.php answers it. */
export function publicSettings({ site, language, geoipCountry, t }: SettingsInput) {
  const selectedCountry = (site.countries as string[]).includes(geoipCountry) ? geoipCountry : site.default_country;
  return {
    id: site.id,
    name: site.name,
    domain: site.domains[0],
    domains: site.domains,
    domain_language: site.domain_language,
    niche: site.niche,
    countries: site.countries,
    locales: site.locales,
    currencies: site.currencies,
    currency: site.currencies[selectedCountry as keyof typeof site.currencies],
    index_title: siteTitle(site, language, t),
    description: siteDescription(site, language, t),
    visible_profile_fields: site.visible_profile_fields,
    visible_profile_notes: site.visible_profile_notes,
    geoip_country: geoipCountry,
    geoip_selected_country: selectedCountry,
    region_data: Object.fromEntries(site.countries.map((code) => [code, { label: COUNTRIES[code].regionLabel }])),
    cdn_prefix: site.cdn_prefix,
    message_credits: site.message_credits,
    signup_credits: site.signup_credits,
    photo_credits: site.photo_credits,
    gift_credits: site.gift_credits,
    message_length: site.message_length,
    minimum_message_costs: site.minimum_message_costs,
    support_email: site.support_email,
    support_phone: site.support_phone,
    company: site.company,
    delete_discount: site.delete_discount,
    enable_site_entry_popup: site.enable_site_entry_popup,
    site_entry_popup_countries: site.site_entry_popup_countries ?? null,
    push_public_key: null,
    search_fields: site.search_fields,
    fictional_warning: {
      singular: localized(site.fictional_warning?.singular, language) ?? t("fictional.singular"),
      plural: localized(site.fictional_warning?.plural, language) ?? t("fictional.plural"),
    },
    refund_days: site.refund_days,
    signups: site.signups,
    logged_out_search: site.logged_out_search,
    logged_out_search_trafficsource: site.logged_out_search_trafficsource,
    interests: site.interests,
    member_resell: site.member_resell,
    mail_name: site.mail_name,
    min_age: site.min_age,
  };
}

export type PublicSettings = ReturnType<typeof publicSettings>;
