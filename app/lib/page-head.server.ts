import type { AppLoadContext, MetaDescriptor } from "@remix-run/node";
import type { Alternate } from "../../server/seo/crawling";

type PublicPage = {
  title: string;
  description?: string;
  /** The same page in the brand's other languages (a lander's slugs), with x-default. */
  alternates?: Alternate[];
  /** The address search engines should know the page by, where it is not this one (the home page's A/B design). */
  canonicalPath?: string;
};

/**
 * The head of a page search engines may show and visitors may share (issue 20): its title and
 * description, its one canonical address on the brand's primary domain (without the query: a
 * tracked visit is the same page), its addresses in other languages, and the Open Graph card with
 * the brand's drawn picture (Twitter reads the same tags). Made in the loader, so the browser's
 * JavaScript carries none of it (see loaderHead).
 */
export function publicPageHead(context: AppLoadContext, request: Request, { title, description, alternates = [], canonicalPath }: PublicPage): MetaDescriptor[] {
  const { origin, site } = context;
  const url = origin + (canonicalPath ?? new URL(request.url).pathname);
  const describe = description === undefined ? [] : [{ name: "description", content: description }, { property: "og:description", content: description }];
  return [
    { title },
    ...describe,
    { tagName: "link", rel: "canonical", href: url },
    ...alternates.map((alternate) => ({ tagName: "link", rel: "alternate", hrefLang: alternate.hreflang, href: origin + alternate.pathname })),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:url", content: url },
    { property: "og:locale", content: `${context.language}_${context.country}` },
    { property: "og:image", content: `${origin}/og-image.png` },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: site.name },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
