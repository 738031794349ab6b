import { redirect, type AppLoadContext } from "@remix-run/node";
import { landingSlug } from "../../server/sites/landing-slug";

/**
 * A landing page whose slug is not the one of the visitor's language (another niche's or
 * language's, a typo) goes to the right one, with the query kept: the tracking fields and `lb`
 * survive. A brand's own slug has already chosen the page's language (the request context), so it
 * stays. Without a slug, a lander goes to its slug (`required`); a member's landing page follows
 * the visitor's language where it is.
 */
export function redirectToLanguageSlug(context: AppLoadContext, request: Request, slug: string | undefined, { required }: { required: boolean }): void {
  const right = landingSlug(context.site.niche, context.language);
  if (slug === right || (slug === undefined && !required)) return;
  const url = new URL(request.url);
  const base = slug === undefined ? url.pathname.replace(/\/$/, "") : url.pathname.slice(0, url.pathname.lastIndexOf("/"));
  // Which slug depends on the visitor's language: no shared cache may keep this answer.
  throw redirect(`${base}/${right}${url.search}`, { headers: { "Cache-Control": "private, no-cache" } });
}
