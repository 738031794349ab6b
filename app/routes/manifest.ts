import type { LoaderFunctionArgs } from "@remix-run/node";
import { brandMark } from "../../themes/resolve";

/**
 * Each brand's web app manifest, so members can install it on the home screen; installed-app mode
 * is what shows the back button (§2) and hides the site-entry warning.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site } = context;
  const manifest = {
    name: site.name,
    short_name: site.name,
    lang: context.language,
    start_url: "/members",
    scope: "/",
    display: "standalone",
    theme_color: brandMark(site.theme, site.theme_overrides).markColor,
    background_color: "#ffffff",
    icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600", Vary: "Host, Cookie" },
  });
}
