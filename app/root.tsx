import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useChangeLanguage } from "remix-i18next/react";
import { pageStatus } from "../server/accounts/page-status";
import { signupsOpen } from "../server/accounts/signup";
import { photoUrls } from "../server/photos/urls";
import { hoursUntil, timeBonusSecondsLeft, welcomeDiscountEndsAt } from "../server/promotions/offers";
import { nicheName } from "../server/sites/schema";
import { LANGUAGE_NAMES } from "../server/i18n/languages";
import { brandLook } from "./lib/brand-style.server";
import { ErrorPage } from "./components/error-page";
import { PageTranslations } from "./components/page-translations";
import { MemberStatusProvider, type MemberStatus } from "./components/member/member-status";
import { ProgressBar } from "./components/progress-bar";
import { SignupModalProvider } from "./components/signup/signup-modal";
import { OfflineBanner } from "./components/offline-banner";
import { useVisitorScript } from "./lib/framework-free";
import { usePageBounceLog } from "./lib/use-page-bounce-log";
import { SiteEntryModal } from "./components/site-entry-modal";
import { ToastProvider } from "./components/toast";
import "./styles/global.css";

// "account" and "banners" too: the signup modal, the account menu and the warning banners appear on every page.
export const handle = { i18n: ["common", "account", "banners"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const { site, t } = context;
  const { head, mark } = brandLook(site, context.language);
  const popupCountries = site.site_entry_popup_countries;
  const member = context.member;
  // The badges and dismissed banners in one round trip; the rest of the status is the context's.
  const counts = member ? await pageStatus(context.services.store.db, { site, member, today: context.today }) : null;
  const now = new Date();
  const welcomeEndsAt = member && welcomeDiscountEndsAt(site, member, now);
  const status: MemberStatus | null =
    member && counts
      ? {
          status: member.status,
          profileStatus: member.profileStatus,
          notificationsDisabled: member.notificationsDisabled,
          hasMainPhoto: Boolean(member.mainPhoto),
          paidUser: member.paidUser,
          credits: member.credits,
          newLikes: counts.newLikes,
          unreadMessages: counts.unreadMessages,
          timeBonusSecondsLeft: timeBonusSecondsLeft(member, now),
          welcomeHoursLeft: welcomeEndsAt ? hoursUntil(welcomeEndsAt, now) : 0,
        }
      : null;
  return {
    site: {
      id: site.id,
      name: site.name,
      mark,
      head,
      supportEmail: site.support_email,
      supportPhone: site.support_phone ?? null,
      company: { name: site.company.name, city: site.company.city, country: site.company.country },
    },
    country: context.country,
    geoipCountry: context.geoipCountry,
    language: context.language,
    i18nLanguage: context.i18nLanguage,
    languages: context.visibleLanguages.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    entryWarningEverywhere: context.entryWarningEverywhere,
    member: member ? { name: member.name, profileId: member.profileId, image: member.mainPhoto && { match: photoUrls(site, member.mainPhoto).match } } : null,
    memberStatus: status,
    dismissedBanners: counts?.dismissedBanners ?? {},
    // The warning banners (§4): the key browsers subscribe to push with, and where the activation link went.
    pushPublicKey: member ? context.services.vapid.publicKey : null,
    activationEmail: member?.status === "not_confirmed" ? member.email : null,
    signup: { open: signupsOpen(site, context.tracking), minAge: site.min_age, today: context.today, niche: nicheName(site.niche) },
    showSiteEntryPopup:
      !member &&
      site.enable_site_entry_popup === "yes" &&
      (!popupCountries || (popupCountries as string[]).includes(context.geoipCountry)) &&
      context.siteEntrySkippedAt === undefined,
    nonce: context.nonce,
    title: t("meta.title", { name: site.name }),
    // The script visitors' pages run instead of the framework (decision 050).
    visitorScript: context.services.visitorScript ?? null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : [{ title: "Not found" }]);

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const visitorScript = useVisitorScript();
  return (
    <html lang={data?.language ?? "en"} data-i18n={data?.i18nLanguage}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data ? <BrandHead {...data.site.head} /> : null}
        <Meta />
        <Links />
        {/* After the stylesheet, which holds the default theme: the brand's values win. */}
        {data?.site.head.css ? <style dangerouslySetInnerHTML={{ __html: data.site.head.css }} /> : null}
      </head>
      <body>
        {children}
        {visitorScript ? (
          // A page only visitors see (the home page, a lander) runs its own small script, not the framework (decision 050).
          <script type="module" src={visitorScript} nonce={data?.nonce} />
        ) : (
          <>
            <PageTranslations nonce={data?.nonce} />
            <ScrollRestoration nonce={data?.nonce} />
            <Scripts nonce={data?.nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** The brand's toolbar colour and the font files its first screen needs, fetched before the stylesheet asks. */
function BrandHead({ themeColor, preloadFonts }: RootData["site"]["head"]) {
  return (
    <>
      <meta name="theme-color" content={themeColor} />
      {preloadFonts.map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
    </>
  );
}

export default function App() {
  const { i18nLanguage, memberStatus } = useLoaderData<typeof loader>();
  useChangeLanguage(i18nLanguage);
  usePageBounceLog();
  // A mark that the page runs: browser tests and scripts wait for it before typing into forms.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <MemberStatusProvider initial={memberStatus}>
      <ToastProvider>
        <SignupModalProvider>
          <ProgressBar />
          <OfflineBanner />
          <Outlet />
          <SiteEntryModal />
        </SignupModalProvider>
      </ToastProvider>
    </MemberStatusProvider>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
