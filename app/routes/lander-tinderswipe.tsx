import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { showcaseMembers } from "../../server/search/showcase";
import { nicheName } from "../../server/sites/schema";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import { SignupLink } from "../components/signup/signup-modal";
import { homeCopy } from "../lib/home.server";
import { loaderHead } from "../lib/meta";
import { publicPageHead } from "../lib/page-head.server";
import { landerMembers } from "../lib/lander-members.server";
import { signupHref } from "../lib/signup-reason";
import { visuallyHidden } from "../styles/visually-hidden.css";
import * as landing from "./lander.css";
import * as styles from "./lander-tinderswipe.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";
import type { FrameworkFreeHandle } from "../lib/framework-free";

// Logged-out visitors get this page from the page cache; its language follows the visitor's. It runs the visitors' script, not the framework.
export const handle: AnonymousCacheHandle & FrameworkFreeHandle = { anonymousCache: true, frameworkFree: true };

const CARDS = 10;
/** How far a card is dragged before it counts as a swipe, at most (a third of a narrow card). */
const SWIPE_PX = 110;

/**
 * /landers/tinderswipe (§2, issue 20): the brand's newest members as a stack to swipe, as the app
 * does. Passing shows the next one; a like is the signup to like that member (the modal on a
 * desktop, the page on a phone), where the visit's tracking is kept. Members have the real game.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.member) throw redirect("/swipe-game");
  const { site, language, t, today } = context;
  const showcase = await showcaseMembers(context.services.store.db, { site, today, limit: CARDS });
  const copy = homeCopy(t, nicheName(site.niche), site.name);
  return {
    head: publicPageHead(context, request, { title: siteTitle(site, language, t), description: siteDescription(site, language, t) }),
    // Every word is made here: a lander carries no catalogue to the browser.
    copy: { eyebrow: copy.eyebrow, title: copy.title, signup: copy.signup, closingTitle: copy.closingTitle, closingText: copy.closingText },
    words: { stampLike: t("swipe:stamp.like"), stampPass: t("swipe:stamp.pass"), hint: t("swipe:cardHint") },
    // The large photo: a card fills a phone's width.
    members: landerMembers(context, showcase, { large: true }).map((member) => ({
      ...member,
      like: t("swipe:likeName", { name: member.name }),
      pass: t("swipe:passName", { name: member.name }),
    })),
  };
}

export const meta = loaderHead;

/**
 * The stack as the server draws it: the first card on top, the next behind it, the rest waiting.
 * The visitors' script (app/visitor-script/swipe.ts) deals them: passing, dragging, liking. Without
 * it the first member's like is there, a link.
 */
export default function TinderSwipe() {
  const { copy, words, members } = useLoaderData<typeof loader>();
  const here = useLocation();
  const first = members[0];
  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <p className={landing.eyebrow}>{copy.eyebrow}</p>
        <h1 className={styles.title}>{copy.title}</h1>
        {first ? (
          <div className={styles.deck} data-swipe-deck="" data-swipe-px={SWIPE_PX}>
            <div className={styles.stage}>
              {members.map((member, i) => (
                <article
                  key={member.id}
                  className={styles.card}
                  data-place={i === 0 ? "top" : "behind"}
                  data-like={signupHref({ intent: "like", profileId: member.id }, here.pathname + here.search)}
                  data-like-label={member.like}
                  data-pass-label={member.pass}
                  data-name={member.name}
                  hidden={i > 1}
                  aria-hidden={i === 0 ? undefined : true}
                  aria-labelledby={`swipe-name-${member.id}`}
                  aria-describedby="swipe-hint"
                >
                  <img src={member.photo} alt="" className={styles.photo} width={800} height={800} draggable={false} />
                  {member.fictional ? <span className={landing.fictional}>{member.fictional}</span> : null}
                  <div className={styles.info}>
                    <h2 id={`swipe-name-${member.id}`} className={styles.name}>
                      {member.nameAge}
                    </h2>
                    <p className={styles.place}>{member.place}</p>
                  </div>
                  <span className={styles.stampLike} data-stamp="like" hidden aria-hidden="true">
                    {words.stampLike}
                  </span>
                  <span className={styles.stampPass} data-stamp="pass" hidden aria-hidden="true">
                    {words.stampPass}
                  </span>
                </article>
              ))}
            </div>
            <p id="swipe-hint" className={visuallyHidden}>
              {words.hint}
            </p>
            <div className={styles.actions}>
              {/* Passing needs the script: without it there is only the like, a link. */}
              <button type="button" className={styles.passButton} data-swipe-pass="" hidden aria-label={first.pass} title={first.pass}>
                <span aria-hidden="true">✕</span>
              </button>
              <SignupLink className={styles.likeButton} reason={{ intent: "like", profileId: first.id, name: first.name }} ariaLabel={first.like} title={first.like}>
                <span aria-hidden="true">♥</span>
              </SignupLink>
            </div>
          </div>
        ) : null}
        <section className={styles.end} aria-labelledby="swipe-end-title" hidden={first !== undefined} data-swipe-end="">
          <h2 id="swipe-end-title" className={styles.endTitle}>
            {copy.closingTitle}
          </h2>
          <p className={styles.endText}>{copy.closingText}</p>
        </section>
        <SignupLink className={landing.primaryAction}>{copy.signup}</SignupLink>
      </div>
    </main>
  );
}
