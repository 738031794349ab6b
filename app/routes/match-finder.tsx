import { data as withHeaders, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findMatches, hasPosition } from "../../server/matches/match-finder";
import { describeReasons, reasonsFor } from "../../server/matches/reasons";
import { loadOwnProfile } from "../../server/profiles/profile";
import { defaultFilters, readFilters } from "../../server/search/state";
import { localized } from "../../server/sites/settings";
import * as form from "../components/form.css";
import type { ProfileCardData } from "../components/profile-card";
import * as card from "../components/profile-card.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { countryNamer, toCards } from "../lib/profiles.server";
import * as styles from "./match-finder.css";

export const handle = { i18n: ["matchfinder", "members"] };
export const meta = accountMeta;

type SuggestionCard = ProfileCardData & { reason: string };

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
  const cards: SuggestionCard[] = toCards(context, suggestions).map((shown, index) => ({
    ...shown,
    reason: describeReasons(reasonsFor(suggestions[index]!, reasonContext), { t, language: context.language, countryName }),
  }));

  const found = {
    title: t("matchfinder:title"),
    minAge: filters.min_age,
    maxAge: filters.max_age,
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
        <p className={styles.intro}>{t("intro", { min: data.minAge, max: data.maxAge })}</p>
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
        <ul className={card.grid} aria-label={t("listLabel")}>
          {data.cards.map((suggestion) => (
            <Suggestion key={suggestion.id} suggestion={suggestion} />
          ))}
        </ul>
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

/** A suggestion in the look of the search cards, with its reason under the place. */
function Suggestion({ suggestion }: { suggestion: SuggestionCard }) {
  const { t } = useTranslation("members");
  return (
    <li className={card.card}>
      {suggestion.image ? (
        <img src={suggestion.image.match} alt="" className={card.photo} loading="lazy" width={400} height={400} />
      ) : (
        <span className={card.placeholder} aria-hidden="true">
          {suggestion.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className={card.body}>
        <Link to={`/members/${suggestion.id}`} className={card.name}>
          {t("card.nameAge", { name: suggestion.name, age: suggestion.age })}
        </Link>
        <span className={card.details}>{suggestion.place}</span>
        <p className={styles.reason}>{suggestion.reason}</p>
      </div>
      {suggestion.fictional ? (
        <span className={card.fictional} title={t("profile.fictionalTitle")}>
          {t("profile.fictionalBadge")}
        </span>
      ) : null}
    </li>
  );
}
