import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findSignupMatches } from "../../server/profiles/signup-matches";
import * as styles from "../components/form.css";
import { ProfileGrid } from "../components/profile-card";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { toCards } from "../lib/profiles.server";
import * as matchStyles from "./signup-matches.css";

export const handle = { i18n: ["account", "members"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const matches = await findSignupMatches(context.services.store.db, { site: context.site, member, today: context.today });
  return { title: context.t("account:matches.title"), matches: toCards(context, matches) };
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
        <div className={matchStyles.matches}>
          <ProfileGrid profiles={matches} />
        </div>
      ) : null}
      {/* The activation reminder opens as a modal on a phone for a member fresh from signup (§4). */}
      <Link to="/members?api_signup_complete=1" className={styles.button}>
        {t("matches.search")}
      </Link>
    </main>
  );
}
