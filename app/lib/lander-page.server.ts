import type { AppLoadContext } from "@remix-run/node";
import { landerAlternates } from "../../server/seo/crawling";
import type { SLUG_DESIGNS } from "../../server/sites/landing-slug";
import { nicheName } from "../../server/sites/schema";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import { homeArt, homeCopy } from "./home.server";
import { redirectToLanguageSlug } from "./landing-slug.server";
import { publicPageHead } from "./page-head.server";

/**
 * What every slugged lander starts from (§2): the visitor on the slug of their language, the page's
 * head with its alternates, and the niche's words and art. Every word is made here: a lander
 * carries no catalogue to the browser.
 */
export function landerPage(context: AppLoadContext, request: Request, design: (typeof SLUG_DESIGNS)[number], slug: string | undefined) {
  const { site, language, t } = context;
  redirectToLanguageSlug(context, request, slug, { required: true });
  const niche = nicheName(site.niche);
  return {
    head: publicPageHead(context, request, { title: siteTitle(site, language, t), description: siteDescription(site, language, t), alternates: landerAlternates(site, design) }),
    niche,
    basics: {
      copy: homeCopy(t, niche, site.name),
      art: homeArt(site.theme_overrides.illustration?.scene ?? niche),
      signupCredits: site.signup_credits > 0 ? t("home:signupCredits", { count: site.signup_credits }) : undefined,
    },
  };
}
