import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { maySearch } from "../../server/search/access";
import { showcaseMembers } from "../../server/search/showcase";
import { nicheName } from "../../server/sites/schema";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import { SignupLink } from "../components/signup/signup-modal";
import { SCENE_SIZE, TRUST_ICONS } from "../art/home/scene";
import { homeArt, homeCopy } from "../lib/home.server";
import { loaderHead } from "../lib/meta";
import { publicPageHead } from "../lib/page-head.server";
import { listFictionalWarning, toCards } from "../lib/profiles.server";
import { container } from "../styles/grid.css";
import * as styles from "./index.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";

// Logged-out visitors get this page from the page cache: it shows the brand in the visitor's
// language and the brand's newest public profiles, the same for every visitor (decision 026).
export const handle: AnonymousCacheHandle = { anonymousCache: true };

/** Two rows of four on a wide screen; a row to swipe through on a phone. */
const MEMBERS_SHOWN = 8;

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { site, language, t, today } = context;
  // §2: home goes to members. A signed-in request never reaches the page cache (it carries the
  // auth cookie), so it always comes here and goes on to the search.
  if (context.member) throw redirect("/members");
  const niche = nicheName(site.niche);
  const showcase = await showcaseMembers(context.services.store.db, { site, today, limit: MEMBERS_SHOWN });
  // Where visitors may not view profiles, a tile leads to the signup instead of a login wall.
  const profilesOpen = maySearch(site, { signedIn: false, fromTrafficSource: Boolean(context.tracking) });
  const fictionalBadge = t("members:profile.fictionalBadge");
  return {
    head: publicPageHead(context, request, { title: siteTitle(site, language, t), description: siteDescription(site, language, t) }),
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

/** The brand's front door: who it is for, real members, why it is safe, how it works, one clear way in. */
export default function Home() {
  const { copy, art, signupCredits, members, fictionalWarning } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`${container} ${styles.heroGrid}`}>
          <div className={styles.heroCopy}>
            <p className={styles.eyebrow}>{copy.eyebrow}</p>
            <h1 id="hero-title" className={styles.heroTitle}>
              {copy.title}
            </h1>
            <p className={styles.lead}>{copy.lead}</p>
            <div className={styles.actions}>
              <SignupLink className={styles.primaryAction}>{copy.signup}</SignupLink>
              <Link to="/members" className={styles.secondaryAction}>
                {copy.browse}
              </Link>
            </div>
            <ul className={styles.promises}>
              {copy.promises.map((promise) => (
                <li key={promise} className={styles.promise}>
                  {promise}
                </li>
              ))}
            </ul>
            {signupCredits ? <p className={styles.bonus}>{signupCredits}</p> : null}
          </div>
          {/* Drawn art, coloured by the theme; its size is known before the file arrives. */}
          <svg className={styles.heroArt} viewBox={`0 0 ${SCENE_SIZE.width} ${SCENE_SIZE.height}`} width={SCENE_SIZE.width} height={SCENE_SIZE.height} aria-hidden="true" focusable="false">
            <use href={`${art}#scene`} />
          </svg>
        </div>
      </section>

      {members.length ? (
        <section className={`${container} ${styles.section}`} aria-labelledby="members-title">
          <div className={styles.sectionHead}>
            <h2 id="members-title" className={styles.sectionTitle}>
              {copy.membersTitle}
            </h2>
            <Link to="/members" className={styles.more}>
              {copy.seeAll}
            </Link>
          </div>
          <ul className={styles.members}>
            {members.map((member) => (
              <li key={member.id} className={styles.member}>
                <Link to={member.href} className={styles.memberLink}>
                  <img src={member.photo} alt="" width={400} height={400} loading="lazy" decoding="async" className={styles.memberPhoto} />
                  {member.fictional ? <span className={styles.fictional}>{member.fictional}</span> : null}
                  <span className={styles.memberText}>
                    <span className={styles.memberName}>{member.name}</span>
                    <span className={styles.memberPlace}>{member.place}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {fictionalWarning ? <p className={styles.fictionalWarning}>{fictionalWarning}</p> : null}
        </section>
      ) : null}

      <section className={styles.band} aria-labelledby="trust-title">
        <div className={`${container} ${styles.section}`}>
          <h2 id="trust-title" className={styles.sectionTitle}>
            {copy.trustTitle}
          </h2>
          <ul className={styles.cards}>
            {copy.trust.map((point, i) => (
              <li key={point.title} className={styles.card}>
                <svg className={styles.icon} viewBox="-8 -8 40 40" width="48" height="48" aria-hidden="true" focusable="false">
                  <use href={`${art}#${TRUST_ICONS[i]}`} width="24" height="24" />
                </svg>
                <h3 className={styles.cardTitle}>{point.title}</h3>
                <p className={styles.cardText}>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${container} ${styles.section}`} aria-labelledby="steps-title">
        <h2 id="steps-title" className={styles.sectionTitle}>
          {copy.stepsTitle}
        </h2>
        <ol className={styles.cards}>
          {copy.steps.map((step, i) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={styles.cardTitle}>{step.title}</h3>
              <p className={styles.cardText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <div className={`${container} ${styles.closingInner}`}>
          <h2 id="closing-title" className={styles.closingTitle}>
            {copy.closingTitle}
          </h2>
          <p className={styles.closingText}>{copy.closingText}</p>
          <SignupLink className={styles.primaryAction}>{copy.signup}</SignupLink>
        </div>
      </section>
    </main>
  );
}
