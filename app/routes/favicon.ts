import type { LoaderFunctionArgs } from "@remix-run/node";
import { faviconSvg } from "../../themes/marks";
import { brandMark } from "../../themes/resolve";

/** Each brand's favicon, drawn from its theme, so a new brand has one without a designer. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { mark, markColor, markAccent } = brandMark(context.site.theme, context.site.theme_overrides);
  return new Response(faviconSvg(mark, markColor, markAccent), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600", Vary: "Host" },
  });
}
