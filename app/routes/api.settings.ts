import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeCookie } from "../../server/http/cookies";
import { isLanguage } from "../../server/i18n/languages";
import { publicSettings } from "../../server/sites/settings";

/**
 * GET /api/settings.php (§7): the settings of the request's brand. The `domain` query is forced
 * from the host (§7), so it never names another brand: one brand's settings, company and contacts
 * are not another's to hand out. Sets the locale cookie to the domain language when the visitor has none yet.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site, language, t } = context;
  // One key pair serves every brand of the deployment: a subscription is per browser and origin anyway.
  const settings = { ...publicSettings({ site, language, geoipCountry: context.geoipCountry, t }), push_public_key: context.services.vapid.publicKey };

  const headers = new Headers({ "Cache-Control": "private, no-store", Vary: "Cookie" });
  const domainLanguage = site.domain_language.slice(0, 2);
  if (!context.localeCookie && isLanguage(domainLanguage)) headers.append("Set-Cookie", localeCookie(domainLanguage));
  return Response.json(settings, { headers });
}
