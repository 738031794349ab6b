import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "../components/form.css";
import { accountMeta } from "../lib/meta";
import * as cards from "./activate.css";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ context }: LoaderFunctionArgs) {
  const member = context.member;
  // Someone signed in whose account still waits for activation has nothing to celebrate here.
  if (member && member.status !== "confirmed") throw redirect("/complete-signup");
  return { title: context.t("account:activated.title"), signedIn: Boolean(member), credits: member ? context.site.signup_credits : 0 };
}

/** Activation done (§2): the two ways on, get premium and search members. */
export default function ActivateDone() {
  const { title, signedIn, credits } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <main id="main" className={cards.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>{credits > 0 ? t("activated.leadCredits", { count: credits }) : t("activated.lead")}</p>
      <div className={cards.cards}>
        <section className={cards.card} aria-labelledby="card-premium">
          <h2 id="card-premium">{t("activated.premiumTitle")}</h2>
          <p>{t("activated.premiumText")}</p>
          <Link to="/premium" className={styles.button}>
            {t("activated.premiumAction")}
          </Link>
        </section>
        <section className={cards.card} aria-labelledby="card-search">
          <h2 id="card-search">{t("activated.searchTitle")}</h2>
          <p>{t("activated.searchText")}</p>
          <Link to={signedIn ? "/members" : "/login?redirectTo=/members"} className={styles.secondaryButton}>
            {t("activated.searchAction")}
          </Link>
        </section>
      </div>
    </main>
  );
}
