import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { faviconSvg } from "../../themes/marks";
import { brandMark } from "../../themes/resolve";
import type { Site } from "../../server/sites/schema";

// Per brand settings object: a reload that changes the theme makes a new one.
const rendered = new WeakMap<Site, Promise<Buffer>>();

/** The brand's mark as a PNG, for e-mail clients, which do not show SVG. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site } = context;
  let png = rendered.get(site);
  if (!png) {
    const { mark, markColor, markAccent } = brandMark(site.theme, site.theme_overrides);
    png = sharp(Buffer.from(faviconSvg(mark, markColor, markAccent)), { density: 288 }).resize(96, 96).png().toBuffer();
    rendered.set(site, png);
  }
  return new Response(new Uint8Array(await png), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", Vary: "Host" } });
}
