import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "../../server/seo/crawling";

/** /robots.txt of the brand the host names: its signed-in areas closed, its sitemap named. */
export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.origin), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600", Vary: "Host" } });
}
