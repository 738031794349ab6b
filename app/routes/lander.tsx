import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { landerAlternates } from "../../server/seo/crawling";
import { landingSlug, SLUG_DESIGNS } from "../../server/sites/landing-slug";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import type { NotFoundData } from "../components/error-page";
import { loaderHead } from "../lib/meta";
import { publicPageHead } from "../lib/page-head.server";
import ComingSoon from "./coming-soon";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";

// Logged-out visitors get this page from the page cache: its address names the brand's language.
export const handle: AnonymousCacheHandle = { anonymousCache: true };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { site, language, t } = context;
  const design = params.design ?? "";
  if (!(SLUG_DESIGNS as readonly string[]).includes(design)) throw data<NotFoundData>({ messageKey: "errors.pageNotFound" }, { status: 404 });
  // A slug of this brand has set the page's language already (request context); any other, or
  // none, goes to the slug of the visitor's language, with the visit's tracking query kept.
  const slug = landingSlug(site.niche, language);
  if (params.slug !== slug) {
    const { search } = new URL(request.url);
    // Which slug depends on the visitor's language: no shared cache may keep this answer.
    throw redirect(`/landers/${design}/${slug}${search}`, { headers: { "Cache-Control": "private, no-cache" } });
  }
  return { head: publicPageHead(context, request, { title: siteTitle(site, language, t), description: siteDescription(site, language, t), alternates: landerAlternates(site, design) }) };
}

export const meta = loaderHead;

export default ComingSoon;
