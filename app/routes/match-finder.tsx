import { data as withHeaders, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findMatches, hasPosition } from "../../server/matches/match-finder";
import { describeReasons, reasonsFor } from "../../server/matches/reasons";
import { loadOwnProfile } from "../../server/profiles/profile";
import { defaultFilters, readFilters } from "../../server/search/state";
import { localized } from "../../server/sites/settings";
import * as form from "../components/form.css";
import { ProfileGrid, type ProfileCardData } from "../components/profile-card";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { countryNamer, toCards } from "../lib/profiles.server";
import * as styles from "./match-finder.css";

export const handle = { i18n: ["matchfinder", "members"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const { site, t } = context;
  const db = context.services.store.db;
  const profile = await loadOwnProfile(db, { siteId: site.id, profileId: member.profileId });
  if (!profile) throw new Response("Not found", { status: 404 });

  // What the member looks for is their search (§3 search state): its gender and age range.
  const defaults = defaultFilters(site, member);
  const filters = readFilters(new URLSearchParams(context.searchState ?? ""), site, defaults);
  const suggestions = await findMatches(db, { site, viewer: profile, filters, today: context.today });

  const chosenAges = filters.min_age !== defaults.min_age || filters.max_age !== defaults.max_age;
  const countryName = countryNamer(context.language);
  const reasonContext = { agePreference: chosenAges ? { min: filters.min_age, max: filters.max_age } : undefined, severalCountries: site.countries.length > 1 };
  // The card's note says why each is suggested.
  const cards: ProfileCardData[] = toCards(context, suggestions).map((shown, index) => ({
    ...shown,
    note: describeReasons(reasonsFor(suggestions[index]!, reasonContext), { t, language: context.language, countryName }),
  }));

  const found = {
    title: t("matchfinder:title"),
    /** The age range the member chose in search; the site's whole range goes unmentioned. */
    ages: chosenAges ? { min: filters.min_age, max: filters.max_age } : undefined,
    missing: { interests: profile.interests.length === 0, location: !hasPosition(profile.geolocation) },
    cards,
    // The site's plural warning goes with a list that holds fictional profiles.
    fictionalWarning: cards.some((shown) => shown.fictional) && site.fictional_warning ? localized(site.fictional_warning.plural, context.language) : undefined,
  };
  return withHeaders(found, { headers: { "Cache-Control": "private, no-store" } });
}

/** The match finder (§2 /match-finder): members who fit the member's search, ranked by what they share. */
export default function MatchFinder() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("matchfinder");
  const { interests, location } = data.missing;
  const hint = interests && location ? "hint.both" : interests ? "hint.interests" : location ? "hint.location" : undefined;

  return (
    <main id="main" className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{data.title}</h1>
        <p className={styles.intro}>{data.ages ? t("introAges", data.ages) : t("intro")}</p>
        {hint ? (
          <p className={styles.hint}>
            {t(hint)}{" "}
            <Link to="/profile" className={styles.hintLink}>
              {t("hint.link")}
            </Link>
          </p>
        ) : null}
      </div>

      {data.fictionalWarning ? <p className={styles.fictional}>{data.fictionalWarning}</p> : null}
      {data.cards.length ? (
        <section aria-label={t("listLabel")}>
          <ProfileGrid profiles={data.cards} />
        </section>
      ) : (
        <div className={styles.empty}>
          <p>{t("empty")}</p>
          <Link to="/members" className={form.button}>
            {t("emptyLink")}
          </Link>
        </div>
      )}
    </main>
  );
}
