import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { maySearch } from "../../server/search/access";
import { showcaseMembers } from "../../server/search/showcase";
import { nicheName, type HomeDesign } from "../../server/sites/schema";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import { ClassicHome } from "../components/home/classic-home";
import { NewHome } from "../components/home/new-home";
import { homeArt, homeCopy } from "../lib/home.server";
import { loaderHead } from "../lib/meta";
import { publicPageHead } from "../lib/page-head.server";
import { listFictionalWarning, toCards } from "../lib/profiles.server";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";
import type { FrameworkFreeHandle } from "../lib/framework-free";
import { VisitorSignupDialog } from "../components/signup/visitor-signup-dialog";

// Logged-out visitors get this page from the page cache: it shows the brand in the visitor's
// language and the brand's newest public profiles, the same for every visitor (decision 026). It runs
// the visitors' script, not the framework (decision 050).
export const handle: AnonymousCacheHandle & FrameworkFreeHandle = { anonymousCache: true, frameworkFree: true };

/** Two rows of four on a wide screen; a row to swipe through on a phone. */
const MEMBERS_SHOWN = 8;

/**
 * The home page, at / in the design the brand's `home_design` names, and at /index-new-design
 * (routes.ts) always in the new one: the address an A/B test's ads lead to (decision 047).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { site, language, t, today } = context;
  // §2: home goes to members. A signed-in request never reaches the page cache (it carries the
  // auth cookie), so it always comes here and goes on to the search.
  if (context.member) throw redirect("/members");
  const design: HomeDesign = new URL(request.url).pathname === "/" ? site.home_design : "new";
  const niche = nicheName(site.niche);
  const showcase = await showcaseMembers(context.services.store.db, { site, today, limit: MEMBERS_SHOWN });
  // Where visitors may not view profiles, a tile leads to the signup instead of a login wall.
  const profilesOpen = maySearch(site, { signedIn: false, fromTrafficSource: Boolean(context.tracking) });
  const fictionalBadge = t("members:profile.fictionalBadge");
  return {
    design,
    // Both addresses are one page to search engines: the A/B design is known by /.
    head: publicPageHead(context, request, { title: siteTitle(site, language, t), description: siteDescription(site, language, t), canonicalPath: "/" }),
    copy: homeCopy(t, niche, site.name),
    art: homeArt(site.theme_overrides.illustration?.scene ?? niche),
    signupCredits: site.signup_credits > 0 ? t("home:signupCredits", { count: site.signup_credits }) : undefined,
    members: toCards(context, showcase).flatMap((card) =>
      card.image
        ? [
            {
              id: card.id,
              href: profilesOpen ? `/members/${card.id}` : "/signup",
              name: t("members:card.nameAge", { name: card.name, age: card.age }),
              place: card.place,
              photo: card.image.match,
              fictional: card.fictional ? fictionalBadge : undefined,
            },
          ]
        : [],
    ),
    fictionalWarning: listFictionalWarning(context, showcase),
  };
}

export const meta = loaderHead;

export type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The brand's front door, in the design the loader chose. */
export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      {data.design === "new" ? <NewHome data={data} /> : <ClassicHome data={data} />}
      <VisitorSignupDialog />
    </>
  );
}
