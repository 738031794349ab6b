import { escapeMarkup } from "../escape-markup";
import { siteLandingSlugs, SLUG_DESIGNS } from "../sites/landing-slug";
import type { Site } from "../sites/schema";

/**
 * What search engines may find of a brand (issue 20, §2): its front page, its public pages and its
 * landers in each language. Nothing of a member: profiles, search, chats and accounts stay out of
 * the sitemap and are closed to crawlers.
 */

/** Pages one address serves in every language (the visitor's is negotiated), so they have no alternates. */
const PUBLIC_PAGES = ["/", "/pricing", "/pages/terms", "/pages/privacy", "/pages/cookies", "/pages/ban", "/pages/return-policy", "/pages/faq", "/pages/service"];

/** Where crawlers have nothing to see: signed-in areas, members, calls and one-time links. */
const CLOSED_TO_CRAWLERS = [
  "/api/", "/members", "/chats", "/likes", "/profile", "/settings", "/notifications", "/credits", "/transactions", "/premium", "/directdebit",
  "/match-finder", "/swipe-game", "/signup-matches", "/complete-signup", "/complaints", "/activate", "/reset-password", "/mail-change",
  "/unsubscribe/", "/account-deleted", "/payments/", "/dev/", "/lang-config",
];

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...CLOSED_TO_CRAWLERS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

export type Alternate = { hreflang: string; pathname: string };

/**
 * The addresses of one lander design in each of the brand's languages, and the one for a visitor
 * whose language the brand does not show (x-default: the domain's language, else the first).
 */
export function landerAlternates(site: Pick<Site, "niche" | "countries" | "locales" | "domain_language">, design: string): Alternate[] {
  const slugs = siteLandingSlugs(site);
  const fallback = slugs.find((entry) => entry.language === site.domain_language) ?? slugs[0]!;
  return [
    ...slugs.map(({ language, slug }) => ({ hreflang: language, pathname: `/landers/${design}/${slug}` })),
    { hreflang: "x-default", pathname: `/landers/${design}/${fallback.slug}` },
  ];
}

/** The sitemap protocol's XML, with each lander's other languages as hreflang links (Google's sitemap extension). */
export function sitemapXml(site: Site, origin: string): string {
  const entry = (pathname: string, alternates: Alternate[] = []) =>
    [
      "<url>",
      `<loc>${escapeMarkup(origin + pathname)}</loc>`,
      ...alternates.map((alternate) => `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeMarkup(origin + alternate.pathname)}"/>`),
      "</url>",
    ].join("");
  const landers = SLUG_DESIGNS.flatMap((design) => {
    const alternates = landerAlternates(site, design);
    return alternates.filter((alternate) => alternate.hreflang !== "x-default").map((alternate) => entry(alternate.pathname, alternates));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PAGES.map((pathname) => entry(pathname)),
    ...landers,
    "</urlset>",
    "",
  ].join("\n");
}
