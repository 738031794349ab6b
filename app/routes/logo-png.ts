import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { BRAND_MARKS, faviconSvg } from "../../themes/marks";
import type { ThemeName } from "../../themes/names";

const rendered = new Map<ThemeName, Promise<Buffer>>();

/** The brand's mark as a PNG, for e-mail clients, which do not show SVG. */
export async function loader({ context }: LoaderFunctionArgs) {
  const theme = context.site.theme;
  const { mark, markColor, markAccent } = BRAND_MARKS[theme];
  let png = rendered.get(theme);
  if (!png) {
    png = sharp(Buffer.from(faviconSvg(mark, markColor, markAccent)), { density: 288 }).resize(96, 96).png().toBuffer();
    rendered.set(theme, png);
  }
  return new Response(new Uint8Array(await png), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", Vary: "Host" } });
}
