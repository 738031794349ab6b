import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { showcaseMembers } from "../../server/search/showcase";
import { nicheName } from "../../server/sites/schema";
import { siteDescription, siteTitle } from "../../server/sites/settings";
import { SignupLink } from "../components/signup/signup-modal";
import { homeCopy } from "../lib/home.server";
import { loaderHead } from "../lib/meta";
import { publicPageHead } from "../lib/page-head.server";
import { landerMembers } from "../lib/lander-members.server";
import { useHydrated } from "../lib/use-hydrated";
import { visuallyHidden } from "../styles/visually-hidden.css";
import * as landing from "./lander.css";
import * as styles from "./lander-tinderswipe.css";
import type { AnonymousCacheHandle } from "../../server/http/page-cache-routes";

// Logged-out visitors get this page from the page cache; its language follows the visitor's.
export const handle: AnonymousCacheHandle = { anonymousCache: true };

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

export default function TinderSwipe() {
  const { copy, words, members } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const [dragX, setDragX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);
  const likeControl = useRef<HTMLSpanElement>(null);
  const current = members[index];
  const next = members[index + 1];

  const pass = () => {
    setDragX(0);
    setIndex((shown) => shown + 1);
  };
  // A like is the signup's link: what a tap on the heart does, a swipe to the right does too.
  const like = () => {
    setDragX(0);
    likeControl.current?.querySelector("a")?.click();
  };

  function pointerDown(event: ReactPointerEvent<HTMLElement>) {
    if (!event.isPrimary || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
  }
  function pointerMove(event: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.pointerId === event.pointerId) setDragX(event.clientX - drag.current.startX);
  }
  function pointerUp(event: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - drag.current.startX;
    drag.current = null;
    setDragging(false);
    const threshold = Math.min(SWIPE_PX, event.currentTarget.offsetWidth * 0.3);
    if (distance > threshold) like();
    else if (distance < -threshold) pass();
    else setDragX(0);
  }

  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <p className={landing.eyebrow}>{copy.eyebrow}</p>
        <h1 className={styles.title}>{copy.title}</h1>
        {current ? (
          <>
            <div className={styles.stage}>
              {next ? (
                <div className={styles.behind} aria-hidden="true">
                  <img src={next.photo} alt="" className={styles.photo} width={800} height={800} draggable={false} />
                </div>
              ) : null}
              <article
                key={current.id}
                className={`${styles.card} ${dragging ? styles.dragging : ""}`}
                style={dragX ? { transform: `translateX(${dragX}px) rotate(${dragX / 18}deg)` } : undefined}
                aria-labelledby={`swipe-name-${current.id}`}
                aria-describedby="swipe-hint"
                onPointerDown={pointerDown}
                onPointerMove={pointerMove}
                onPointerUp={pointerUp}
                onPointerCancel={() => {
                  drag.current = null;
                  setDragging(false);
                  setDragX(0);
                }}
              >
                <img src={current.photo} alt="" className={styles.photo} width={800} height={800} draggable={false} />
                {current.fictional ? <span className={landing.fictional}>{current.fictional}</span> : null}
                <div className={styles.info}>
                  <h2 id={`swipe-name-${current.id}`} className={styles.name}>
                    {current.nameAge}
                  </h2>
                  <p className={styles.place}>{current.place}</p>
                </div>
                {dragX > 10 ? (
                  <span className={styles.stampLike} style={{ opacity: Math.min(1, dragX / SWIPE_PX) }} aria-hidden="true">
                    {words.stampLike}
                  </span>
                ) : null}
                {dragX < -10 ? (
                  <span className={styles.stampPass} style={{ opacity: Math.min(1, -dragX / SWIPE_PX) }} aria-hidden="true">
                    {words.stampPass}
                  </span>
                ) : null}
              </article>
            </div>
            <p id="swipe-hint" className={visuallyHidden}>
              {words.hint}
            </p>
            <div className={styles.actions}>
              {/* Passing happens in the page: without JavaScript there is only the like, a link. */}
              {hydrated ? (
                <button type="button" className={styles.passButton} onClick={pass} aria-label={current.pass} title={current.pass}>
                  <span aria-hidden="true">✕</span>
                </button>
              ) : null}
              <span ref={likeControl} className={styles.likeControl}>
                <SignupLink className={styles.likeButton} reason={{ intent: "like", profileId: current.id, name: current.name }} ariaLabel={current.like} title={current.like}>
                  <span aria-hidden="true">♥</span>
                </SignupLink>
              </span>
            </div>
          </>
        ) : (
          <section className={styles.end} aria-labelledby="swipe-end-title">
            <h2 id="swipe-end-title" className={styles.endTitle}>
              {copy.closingTitle}
            </h2>
            <p className={styles.endText}>{copy.closingText}</p>
          </section>
        )}
        <SignupLink className={landing.primaryAction}>{copy.signup}</SignupLink>
      </div>
    </main>
  );
}
