import { z } from "zod";
import { COUNTRIES, isCountryCode, type CountryCode } from "./countries";
import { INTERESTS } from "./interests";
import { NICHES, type NicheName } from "./niche-sides";
import { supportPhone } from "./phone";
import { LANGUAGES, type Language } from "../i18n/languages";
import { DEFAULT_PAYMENT_METHODS, paymentMethodList, paymentSettings, type PaymentMethod } from "./payments";
import { THEME_NAMES } from "../../themes/names";
import { themeOverrideProblems, themeOverridesSchema } from "./theme-overrides";

/**
 * One schema for a brand's file in sites/. Brand managers edit these files by hand, so every
 * message says in plain words what is wrong, and every setting that has a sensible value has a
 * default: a new brand's file needs little more than its name, domains, niche and countries.
 */

export { NICHES, type NicheName };

export const PROFILE_FIELDS = [
  "name", "gender", "sexuality", "age", "country", "region", "city", "reason", "about_me",
  "tattoos", "hair_colour", "eye_colour", "body_type", "relationship_status", "interests",
] as const;

export const SEARCH_FIELDS = ["gender", "country", "countryregion", "min_age", "max_age"] as const;

/** The home page's designs: the first is every brand's unless its file names another. */
export const HOME_DESIGNS = ["classic", "new"] as const;
export type HomeDesign = (typeof HOME_DESIGNS)[number];
/**
 * What a brand's HTTPS answers tell browsers (HSTS): nothing, to use HTTPS for this host only, for
 * its subdomains too, or also that it may be put on the browsers' preload list (hstspreload.org).
 */
export const HSTS_CHOICES = ["off", "on", "include_subdomains", "preload"] as const;
export type HstsChoice = (typeof HSTS_CHOICES)[number];

const countryCode = z.string().refine(isCountryCode, {
  error: (issue) =>
    `"${String(issue.input)}" is not a country this product serves; use one of ${Object.keys(COUNTRIES).join(", ")}`,
});

const language = z.enum(LANGUAGES, {
  error: (issue) => `"${String(issue.input)}" is not a content language; use one of ${LANGUAGES.join(", ")}`,
});

const hostname = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => /^(?!www\.)([a-z0-9-]+\.)+[a-z]{2,}$/.test(value), {
    error: (issue) => `"${String(issue.input)}" is not a domain name like example.com (leave out www. and https://)`,
  });

const currency = z.string().regex(/^[A-Z]{3}$/, { error: "must be a three-letter currency code such as EUR" });

/** The longest chat message a brand may allow (characters); the request body limits are sized from it. */
export const MESSAGE_LENGTH_MAX = 4000;
const credits = z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(0, { error: "cannot be negative" });
const yesNo = z.enum(["yes", "no"], { error: 'must be "yes" or "no"' });

/** A text brand managers may give once, or per language. */
const localizedText = z.union([z.string().min(1), z.partialRecord(language, z.string().min(1))], {
  error: "must be a text, or an object of texts by language code",
});

const company = z.object({
  name: z.string({ error: "is required: the legal name of the company" }).min(1),
  address: z.string({ error: "is required: the street address" }).min(1),
  zip: z.string().default(""),
  city: z.string({ error: "is required" }).min(1),
  country: z.string({ error: "is required" }).min(1),
  kvk: z.string().default(""),
  id: z.string().default(""),
  tradenames: z.array(z.string()).default([]),
  vat_numbers: z.array(z.string()).default([]),
  added: z.iso.date({ error: "must be a date written as YYYY-MM-DD" }).optional(),
});

const siteObject = z.strictObject(
  {
    name: z.string({ error: "is required: the brand name visitors see" }).min(1, { error: "cannot be empty" }),
    domains: z
      .array(hostname, { error: "is required: a list of the brand's domain names" })
      .min(1, { error: "needs at least one domain" }),
    niche: z
      .number({ error: "must be a number from 1 to 7" })
      .int({ error: "must be a whole number from 1 to 7" })
      .min(1, { error: "must be from 1 to 7 (1 none, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay)" })
      .max(7, { error: "must be from 1 to 7 (1 none, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay)" }),
    countries: z
      .array(countryCode, { error: "is required: the countries the brand serves, such as [\"NL\", \"BE\"]" })
      .min(1, { error: "needs at least one country" }),
    default_country: countryCode.optional(),
    domain_language: language.optional(),
    locales: z.partialRecord(countryCode, z.array(language).min(1, { error: "needs at least one language" })).default({}),
    currencies: z.partialRecord(countryCode, currency).default({}),
    theme: z.enum(THEME_NAMES, { error: `must be one of the themes: ${THEME_NAMES.join(", ")}` }).default("default"),
    /** Tokens of the theme preset this brand changes: colours, fonts, radii, shadows (themes/tokens.ts). */
    theme_overrides: themeOverridesSchema.default({}),
    pool: z.string().regex(/^[a-z0-9-]+$/, { error: "may hold only lower-case letters, digits and hyphens" }).optional(),
    index_title: localizedText.optional(),
    description: localizedText.optional(),
    cdn_prefix: z.string().regex(/^(https:\/\/[^\s]+|\/[^\s]*)$/, { error: "must start with https:// or /" }).default("/media"),
    message_credits: credits.default(10),
    signup_credits: credits.default(20),
    photo_credits: credits.default(15),
    gift_credits: credits.default(25),
    message_length: credits
      .min(1, { error: "must be at least 1" })
      .max(MESSAGE_LENGTH_MAX, { error: `must be at most ${MESSAGE_LENGTH_MAX}: longer messages would not fit the request limits` })
      .default(1000),
    /** Messages a free (never paid) member may send in all before premium is needed (§6). */
    free_messages: credits.default(10),
    /** When set, chats show only the messages of the last this many days, with a warning (§8). */
    chat_history_days: credits.min(1, { error: "must be at least 1 day" }).optional(),
    /** Per country, the fewest credits one text message may cost there, whatever message_credits says. */
    minimum_message_costs: z
      .partialRecord(countryCode, z.strictObject({ costs: z.number().min(0, { error: "cannot be negative" }), currency }))
      .default({}),
    support_email: z.email({ error: "is required: an e-mail address such as support@example.com" }),
    support_phone: z.string().optional(),
    company,
    /** Percent off the discount code a member who is about to delete their account is offered; 0 offers none. */
    delete_discount: z.number().int().min(0, { error: "is a percentage from 0 to 90" }).max(90, { error: "is a percentage from 0 to 90: a code may not give credits away" }).default(50),
    /** Hours after signup a member keeps the 25% welcome discount on a first purchase (§9); 0 offers none. */
    welcome_discount_hours: z.number({ error: "must be a number of hours" }).int({ error: "must be a whole number of hours" }).min(0, { error: "cannot be negative" }).max(720, { error: "is at most 720 hours (30 days)" }).default(72),
    enable_site_entry_popup: yesNo.default("yes"),
    site_entry_popup_countries: z.array(countryCode).optional(),
    fictional_warning: z
      .strictObject({ singular: localizedText, plural: localizedText })
      .optional(),
    refund_days: credits.default(14),
    signups: z.enum(["all", "with_trafficsource"], { error: 'must be "all" or "with_trafficsource"' }).default("all"),
    /** The design the home page (/) shows: "classic", or "new", the one /index-new-design always shows for A/B tests. */
    home_design: z.enum(HOME_DESIGNS, { error: `must be ${HOME_DESIGNS.map((design) => `"${design}"`).join(" or ")}` }).default("classic"),
    /** Opt-in, as a browser that has seen it refuses plain http for the max-age, a year: every domain must serve HTTPS first. */
    hsts: z.enum(HSTS_CHOICES, { error: 'must be "off", "on", "include_subdomains" or "preload"' }).default("off"),
    logged_out_search: z.boolean({ error: "must be true or false" }).default(true),
    logged_out_search_trafficsource: z.boolean({ error: "must be true or false" }).default(true),
    interests: z.array(z.string().regex(/^[a-z0-9_]+$/, { error: "must be a tag in lower case with underscores" })).default([...INTERESTS]),
    member_resell: z.boolean({ error: "must be true or false" }).default(false),
    mail_name: z.string().optional(),
    search_fields: z.array(z.enum(SEARCH_FIELDS, { error: `must be one of ${SEARCH_FIELDS.join(", ")}` })).default([...SEARCH_FIELDS]),
    visible_profile_fields: z
      .array(z.enum(PROFILE_FIELDS, { error: `must be one of ${PROFILE_FIELDS.join(", ")}` }))
      .default([...PROFILE_FIELDS]),
    visible_profile_notes: z.boolean({ error: "must be true or false" }).default(false),
    min_age: z.number().int().min(18, { error: "cannot be below 18: this is an adult product" }).default(18),
    /** true: new photos wait in review ('inspection') until support approves them; false: live at once. */
    photo_review: z.boolean({ error: "must be true or false" }).default(false),
    ...paymentSettings,
    /** Per country, the payment methods offered there (§9); a country not named gets its usual ones. */
    payment_methods: z.partialRecord(countryCode, paymentMethodList).default({}),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? undefined : "must be an object of settings") },
);

export type SiteFile = z.input<typeof siteObject>;

/** Checks that need more than one field, then fills the per-country defaults from the §9 table. */
export const siteSchema = siteObject
  .superRefine((file, ctx) => {
    const countries = new Set<string>(file.countries);
    const outside = (path: (string | number)[], code: string) =>
      ctx.addIssue({ code: "custom", path, message: `"${code}" is not one of this brand's countries (${file.countries.join(", ")})` });
    if (file.default_country && !countries.has(file.default_country)) outside(["default_country"], file.default_country);
    for (const key of ["locales", "currencies", "minimum_message_costs", "payment_methods"] as const) {
      for (const code of Object.keys(file[key])) if (!countries.has(code)) outside([key, code], code);
    }
    for (const [i, code] of (file.site_entry_popup_countries ?? []).entries()) {
      if (!countries.has(code)) outside(["site_entry_popup_countries", i], code);
    }
    checkPackages(file, ctx);
    themeOverrideProblems(file.theme, file.theme_overrides, ctx);
    const seen = new Set<string>();
    for (const [i, domain] of file.domains.entries()) {
      if (seen.has(domain)) ctx.addIssue({ code: "custom", path: ["domains", i], message: `"${domain}" is listed twice` });
      seen.add(domain);
    }
  })
  .transform((file) => {
    const countries = file.countries as CountryCode[];
    const locales = Object.fromEntries(
      countries.map((code) => [code, file.locales[code] ?? [...COUNTRIES[code].locales]]),
    ) as Record<CountryCode, Language[]>;
    const currencies = Object.fromEntries(
      countries.map((code) => [code, file.currencies[code] ?? COUNTRIES[code].currency]),
    ) as Record<CountryCode, string>;
    const paymentMethods = Object.fromEntries(
      countries.map((code) => [code, file.payment_methods[code] ?? DEFAULT_PAYMENT_METHODS[code]]),
    ) as Record<CountryCode, PaymentMethod[]>;
    const defaultCountry = (file.default_country ?? countries[0]) as CountryCode;
    const rest = file;
    return {
      ...rest,
      countries,
      default_country: defaultCountry,
      domain_language: file.domain_language ?? (locales[defaultCountry][0] as Language),
      locales,
      currencies,
      payment_methods: paymentMethods,
      mail_name: file.mail_name ?? file.name,
      // Cleaned once here, not on every page that shows it.
      support_phone: supportPhone(file.support_phone, defaultCountry),
    };
  });

/** Every package has a price in every currency the brand sells in; tiers are unique and one is popular. */
function checkPackages(file: z.output<typeof siteObject>, ctx: z.RefinementCtx) {
  // Countries and currencies that are themselves wrong have their own message already.
  const currencies = new Set(
    file.countries
      .filter(isCountryCode)
      .map((code) => file.currencies[code] ?? COUNTRIES[code].currency)
      .filter((currency) => /^[A-Z]{3}$/.test(currency)),
  );
  const tiers = new Set<string>();
  for (const [i, pack] of file.packages.entries()) {
    if (tiers.has(pack.tier)) ctx.addIssue({ code: "custom", path: ["packages", i, "tier"], message: `"${pack.tier}" is listed twice` });
    tiers.add(pack.tier);
    for (const currency of currencies) {
      if (pack.prices[currency] === undefined) {
        ctx.addIssue({ code: "custom", path: ["packages", i, "prices"], message: `needs a price in ${currency}, the currency of one of the brand's countries` });
      }
    }
    for (const [currency, normal] of Object.entries(pack.normal_prices)) {
      const price = pack.prices[currency];
      if (price === undefined || normal <= price) {
        ctx.addIssue({ code: "custom", path: ["packages", i, "normal_prices", currency], message: `must be higher than the price in ${currency}: it is shown struck through next to it` });
      }
    }
  }
  const popular = file.packages.filter((pack) => pack.popular).length;
  if (file.packages.length > 0 && popular !== 1) ctx.addIssue({ code: "custom", path: ["packages"], message: `mark exactly one package "popular": true (${popular} are)` });
}

export type SiteSettings = z.output<typeof siteSchema>;

/** A validated brand: its settings plus the id and pool taken from the file name. */
export type Site = SiteSettings & { id: string; pool: string };

export function nicheName(niche: number): NicheName {
  return NICHES[niche - 1] ?? "none";
}
