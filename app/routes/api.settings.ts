import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeCookie } from "../../server/http/cookies";
import { chooseLanguage } from "../../server/i18n/locale";
import { isLanguage, translationLanguage } from "../../server/i18n/languages";
import { publicSettings } from "../../server/sites/settings";

/**
 * GET /api/settings.php (§7): the settings of the request's brand, or of the brand named by the
 * `domain` query. Sets the locale cookie to the domain language when the visitor has none yet.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const domain = new URL(request.url).searchParams.get("domain");
  const site = domain ? context.services.sites.resolveHost(domain) : context.site;
  if (!site) return Response.json({ error: "unknown domain" }, { status: 404 });

  const language =
    site === context.site ? context.language : chooseLanguage({ site, country: context.geoipCountry, cookie: context.localeCookie });
  const t = context.services.i18n.getFixedT(translationLanguage(language, context.geoipCountry));
  // One key pair serves every brand of the deployment: a subscription is per browser and origin anyway.
  const settings = { ...publicSettings({ site, language, geoipCountry: context.geoipCountry, t }), push_public_key: context.services.vapid.publicKey };

  const headers = new Headers({ "Cache-Control": "private, no-store", Vary: "Cookie" });
  const domainLanguage = site.domain_language.slice(0, 2);
  if (!context.localeCookie && site === context.site && isLanguage(domainLanguage)) {
    headers.append("Set-Cookie", localeCookie(domainLanguage));
  }
  return Response.json(settings, { headers });
}
