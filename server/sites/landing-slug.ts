import type { Language } from "../i18n/languages";
import { siteLanguages } from "../i18n/locale";
import { primaryOrigin } from "../mail/link-origin";
import { nicheName, type Site } from "./schema";

/** The landing-page designs of §2 that take a slug; /landers/tinderswipe takes none. */
export const SLUG_DESIGNS = ["alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding", "socialnetwork", "transitionsvideolanding", "video"] as const;

/**
 * The slug of a landing page (§2): the niche as a prefix (none for niche 1) and the language as a
 * suffix, where English is written 'eng'. `landingSlug(6, "de")` is "milf-de".
 */
export function landingSlug(niche: number, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  const suffix = language === "en" ? "eng" : language;
  const prefix = nicheName(niche);
  return prefix === "none" ? suffix : `${prefix}-${suffix}`;
}

/** The brand's landing slug for each language it shows, in the order its file lists them. */
export function siteLandingSlugs(site: Pick<Site, "niche" | "countries" | "locales">): { language: Language; slug: string }[] {
  return siteLanguages(site).map((language) => ({ language, slug: landingSlug(site.niche, language) }));
}

/**
 * Landing paths whose last part is a slug (§2): a lander of a design, a member's second and third
 * landing page; with `.data` when a client-side navigation asks for the page's data.
 */
const SLUGGED_PATH = new RegExp(`^/(?:landers/(?:${SLUG_DESIGNS.join("|")})|members/[^/]+/landing[23])/([^/.]+)(?:\\.data)?/?$`);

/**
 * The language a landing page's address names: its slug, when the slug is one of this brand's.
 * A slug picks the page's language before the visitor's cookie and browser do (an ad in German
 * leads to German), so the address alone decides what a cache or a search engine sees.
 */
export function landingPathLanguage(site: Pick<Site, "niche" | "countries" | "locales">, pathname: string): Language | undefined {
  const slug = SLUGGED_PATH.exec(pathname)?.[1];
  return slug ? siteLandingSlugs(site).find((entry) => entry.slug === slug)?.language : undefined;
}

type LanderAddress = { language: Language | undefined; design: string; url: string };

/**
 * Every lander address of a brand on its primary domain, for the ad team: each slugged design in
 * each of the brand's languages, then the designs whose language follows the visitor.
 */
export function landerAddresses(site: Pick<Site, "niche" | "countries" | "locales" | "domains">): LanderAddress[] {
  const origin = primaryOrigin(site);
  return [
    ...siteLandingSlugs(site).flatMap(({ language, slug }) => SLUG_DESIGNS.map((design) => ({ language, design, url: `${origin}/landers/${design}/${slug}` }))),
    { language: undefined, design: "tinderswipe", url: `${origin}/landers/tinderswipe` },
  ];
}
