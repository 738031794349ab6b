import type { LoaderFunctionArgs } from "@remix-run/node";
import { THEMES } from "../../themes";
import { faviconSvg } from "../../themes/marks";

/** Each brand's favicon, drawn from its theme, so a new brand has one without a designer. */
export async function loader({ context }: LoaderFunctionArgs) {
  const theme = THEMES[context.site.theme];
  return new Response(faviconSvg(theme.mark, theme.markColor, theme.markAccent), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600", Vary: "Host" },
  });
}
