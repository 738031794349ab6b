import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SignupLink } from "../components/signup/signup-modal";
import { useTranslation } from "react-i18next";
import { nicheName } from "../../server/sites/schema";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import { col, container, md, row } from "../styles/grid.css";
import * as styles from "./index.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";

// Logged-out visitors get this page from the page cache: it shows only the brand, in the visitor's language.
export const handle: AnonymousCacheHandle = { anonymousCache: true };

export async function loader({ context }: LoaderFunctionArgs) {
  const { site, language, t } = context;
  return {
    name: site.name,
    niche: nicheName(site.niche),
    signupCredits: site.signup_credits,
    title: siteTitle(site, language, t),
    description: siteDescription(site, language, t),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

const FEATURES = ["free", "private", "real"] as const;
const STEPS = ["signup", "profile", "chat"] as const;

/** The brand's front door: what it is, for whom, and one clear way in. */
export default function Home() {
  const { name, niche, signupCredits } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main">
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`${container} ${styles.heroInner}`}>
          <p className={styles.eyebrow}>{t(`home.audience.${niche}`)}</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {t(`home.headline.${niche}`, { name })}
          </h1>
          <p className={styles.lead}>{t("home.lead", { name })}</p>
          <div className={styles.actions}>
            <SignupLink className={styles.primaryAction}>{t("home.signup")}</SignupLink>
            <Link to="/members" className={styles.secondaryAction}>
              {t("home.browse")}
            </Link>
          </div>
          {signupCredits > 0 ? <p className={styles.bonus}>{t("home.signupCredits", { count: signupCredits })}</p> : null}
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          {t("home.featuresTitle", { name })}
        </h2>
        <div className={row}>
          {FEATURES.map((feature) => (
            <article key={feature} className={`${col} ${md[4]} ${styles.card}`}>
              <h3>{t(`home.features.${feature}.title`)}</h3>
              <p>{t(`home.features.${feature}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className={styles.stepsBand} aria-labelledby="steps-title">
        <div className={`${container} ${styles.section}`}>
          <h2 id="steps-title" className={styles.sectionTitle}>
            {t("home.stepsTitle")}
          </h2>
          <ol className={`${row} ${styles.steps}`}>
            {STEPS.map((step, i) => (
              <li key={step} className={`${col} ${md[4]} ${styles.step}`}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`home.steps.${step}.title`)}</h3>
                <p>{t(`home.steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
          <p className={styles.closing}>
            <SignupLink className={styles.primaryAction}>{t("home.signup")}</SignupLink>
          </p>
        </div>
      </section>
    </main>
  );
}
