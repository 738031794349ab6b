import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapXml } from "../../server/seo/crawling";

/** /sitemap.xml of the brand the host names: its public pages and its landers in each of its languages. */
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(sitemapXml(context.site, context.origin), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600", Vary: "Host" } });
}
