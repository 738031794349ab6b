import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { shareImageSvg } from "../../themes/marks";
import { brandMark } from "../../themes/resolve";
import type { Site } from "../../server/sites/schema";

// Per brand settings object: a reload that changes the theme or name makes a new one.
const rendered = new WeakMap<Site, Promise<Buffer>>();

/** The brand's picture for shared links (Open Graph and Twitter cards), drawn from its theme. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site } = context;
  let png = rendered.get(site);
  if (!png) {
    png = sharp(Buffer.from(shareImageSvg(brandMark(site.theme, site.theme_overrides), site.name, site.domains[0]!)))
      .png({ compressionLevel: 9 })
      .toBuffer();
    // A failed drawing is tried again on the next request, not kept.
    png.catch(() => rendered.delete(site));
    rendered.set(site, png);
  }
  return new Response(new Uint8Array(await png), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", Vary: "Host" } });
}
