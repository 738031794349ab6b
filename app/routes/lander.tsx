import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { landerAlternates } from "../../server/seo/crawling";
import { SLUG_DESIGNS } from "../../server/sites/landing-slug";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import type { NotFoundData } from "../components/error-page";
import { redirectToLanguageSlug } from "../lib/landing-slug.server";
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
  redirectToLanguageSlug(context, request, params.slug, { required: true });
  return { head: publicPageHead(context, request, { title: siteTitle(site, language, t), description: siteDescription(site, language, t), alternates: landerAlternates(site, design) }) };
}

export const meta = loaderHead;

export default ComingSoon;
