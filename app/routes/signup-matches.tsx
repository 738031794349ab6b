import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ageOn } from "../../server/accounts/forms";
import { findSignupMatches, SIGNUP_MATCHES_SHOWN } from "../../server/profiles/signup-matches";
import * as styles from "../components/form.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import * as matchStyles from "./signup-matches.css";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const matches = await findSignupMatches(context.services.store.db, { pool: context.site.pool, profileId: member.profileId, limit: SIGNUP_MATCHES_SHOWN });
  const countryName = new Intl.DisplayNames([context.language], { type: "region" });
  return {
    title: context.t("account:matches.title"),
    // Only the age is ever shown of a birth date (§3).
    matches: matches.map(({ id, name, country, dateOfBirth }) => ({ id, name, country: countryName.of(country) ?? country, age: ageOn(dateOfBirth, context.today) })),
  };
}

/** The members found for a new member right after signup (§4 step three). */
export default function SignupMatches() {
  const { title, matches } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <main id="main" className={matchStyles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>{matches.length ? t("matches.lead", { count: matches.length }) : t("matches.none")}</p>
      {matches.length ? (
        <ul className={matchStyles.grid}>
          {matches.map((match) => (
            <li key={match.id} className={matchStyles.card}>
              <span className={matchStyles.initial} aria-hidden="true">
                {match.name.slice(0, 1).toUpperCase()}
              </span>
              <Link to={`/members/${match.id}`} className={matchStyles.name}>
                {match.name}
              </Link>
              <span className={matchStyles.details}>
                {t("matches.age", { age: match.age })} · {match.country}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/members" className={styles.button}>
        {t("matches.search")}
      </Link>
    </main>
  );
}
