import { data as withHeaders, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { dealSwipeCards, SWIPE_LIKES_PER_DAY, swipeLike, swipeLikesLeft, swipePass, type SwipedProfile } from "../../server/likes/swipe";
import { publishNewLike } from "../../server/likes/notify";
import { localized } from "../../server/sites/settings";
import * as form from "../components/form.css";
import { MatchModal } from "../components/member/match-modal";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { countryNamer, placeOf } from "../lib/profiles.server";
import { useHydrated } from "../lib/use-hydrated";
import { visuallyHidden } from "../styles/visually-hidden.css";
import * as styles from "./swipe-game.css";

// "likes" is the match modal's namespace.
export const handle = { i18n: ["swipe", "members", "likes"] };
export const meta = accountMeta;

/** Cards dealt per visit: enough to swipe on while the next deal loads, few enough to stay cheap. */
const DEALT = 8;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const { site, t } = context;
  const db = context.services.store.db;
  const [cards, likes] = await Promise.all([
    dealSwipeCards(db, { site, member, today: context.today, limit: DEALT }),
    swipeLikesLeft(db, { site, member, now: new Date() }),
  ]);
  const countryName = countryNamer(context.language);
  return withHeaders(
    {
      title: t("swipe:title"),
      cards: cards.map(({ id, name, age, fictional, image, ...where }) => ({
        id,
        name,
        age,
        fictional,
        place: placeOf(where, countryName),
        image: image ? { filename: image.filename, match: image.match } : null,
      })),
      likesLeft: likes.likesLeft,
      likesPerDay: SWIPE_LIKES_PER_DAY,
      /** When the member's day ends and the free likes come back, as the server counts it. */
      resetsAt: likes.resetsAt.toISOString(),
      fictionalWarning: site.fictional_warning ? localized(site.fictional_warning.singular, context.language) : undefined,
    },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

type Shown = { id: number; name: string; image: { match: string } | null };

/** What a swipe did, as the page tells it. */
type SwipeAnswer =
  | { outcome: "invalid" | "unavailable" }
  | { outcome: "passed"; profile: Shown }
  | { outcome: "liked"; profile: Shown; match: boolean }
  | { outcome: "limit"; profile: Shown; waitMinutes: number };

const shown = ({ id, name, image }: SwipedProfile): Shown => ({ id, name, image: image ? { match: image.match } : null });

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const { site } = context;
  const db = context.services.store.db;
  const body = await request.formData();
  const intent = body.get("intent");
  const profileId = Number(body.get("profileId"));
  const now = new Date();
  if ((intent !== "like" && intent !== "pass") || !Number.isSafeInteger(profileId) || profileId < 1) {
    return withHeaders<SwipeAnswer>({ outcome: "invalid" }, { status: 400 });
  }
  if (intent === "pass") {
    const passed = await swipePass(db, { site, member, passedId: profileId, now });
    return withHeaders<SwipeAnswer>(passed.refused ? { outcome: "unavailable" } : { outcome: "passed", profile: shown(passed.profile) });
  }
  const liked = await swipeLike(db, { site, member, likedId: profileId, now });
  if (liked.refused === "unavailable") return withHeaders<SwipeAnswer>({ outcome: "unavailable" });
  if (liked.refused === "limit") {
    const waitMinutes = Math.max(1, Math.ceil((liked.resetsAt.getTime() - now.getTime()) / 60_000));
    return withHeaders<SwipeAnswer>({ outcome: "limit", profile: shown(liked.profile), waitMinutes });
  }
  if (liked.fresh) await publishNewLike(context.services, profileId);
  return withHeaders<SwipeAnswer>({ outcome: "liked", profile: shown(liked.profile), match: liked.fresh && liked.match });
}

type Card = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];
type Intent = "like" | "pass";
/** A swipe waiting for its answer; its card has already left the stack. */
type Swipe = { intent: Intent; card: Card };
type Leaving = { card: Card; direction: "left" | "right"; fromX: number };

/** useLayoutEffect in the browser; the server render has no layout to wait for. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The swipe game (§2 /swipe-game, §9): one card at a time, pass or like, four likes a day for
 * free members. The buttons are plain forms; with JavaScript the swipes go through one fetcher,
 * queued, so the next card shows at once and every answer (a match, the limit) is still read.
 */
export default function SwipeGame() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation("swipe");
  const fetcher = useFetcher<typeof action>();
  const [queue, setQueue] = useState<Swipe[]>([]);
  const [answer, setAnswer] = useState<SwipeAnswer | undefined>(posted);
  const [match, setMatch] = useState<Shown | null>(posted?.outcome === "liked" && posted.match ? posted.profile : null);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [dragX, setDragX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);

  const hidden = new Set(queue.map((swipe) => swipe.card.id));
  const stack = data.cards.filter((card) => !hidden.has(card.id));
  const [current, next] = stack;
  const pendingLikes = queue.filter((swipe) => swipe.intent === "like").length;
  const likesLeft = data.likesLeft === null ? null : Math.max(0, data.likesLeft - pendingLikes);
  // Out of likes, the stack gives way to the upsell card and the buttons rest until the day turns.
  const outOfLikes = likesLeft === 0;

  // An answer is read as it arrives (state adjusted while rendering, not in an effect).
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== handled) {
    const reply = fetcher.data;
    setHandled(reply);
    setAnswer(reply);
    if (reply.outcome === "liked" && reply.match) setMatch(reply.profile);
    setQueue((waiting) => waiting.slice(1));
  }

  // One swipe at a time goes to the server, so each answer (a match, the limit) is read in turn.
  const sent = useRef<Swipe | null>(null);
  useEffect(() => {
    const waiting = queue[0];
    if (fetcher.state !== "idle" || !waiting || sent.current === waiting) return;
    sent.current = waiting;
    fetcher.submit({ intent: waiting.intent, profileId: String(waiting.card.id) }, { method: "post" });
  }, [fetcher, fetcher.state, queue]);

  const decide = useCallback(
    (intent: Intent, fromX = 0) => {
      setDragX(0);
      if (!current || match || outOfLikes) return;
      setQueue((waiting) => [...waiting, { intent, card: current }]);
      if (!prefersReducedMotion()) setLeaving({ card: current, direction: intent === "like" ? "right" : "left", fromX });
    },
    [current, match, outOfLikes]
  );

  // Updated before the browser paints the next card, so a key pressed on it never swipes the one before.
  const decideRef = useRef(decide);
  useBrowserLayoutEffect(() => {
    decideRef.current = decide;
  }, [decide]);

  // Arrow keys anywhere on the page swipe, except where they already mean something.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      if (event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable], dialog, [role=dialog], [role=menu]")) return;
      event.preventDefault();
      decideRef.current(event.key === "ArrowRight" ? "like" : "pass");
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  function submitted(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : "";
    if (intent !== "like" && intent !== "pass") return;
    event.preventDefault();
    decide(intent);
  }

  function pointerDown(event: ReactPointerEvent<HTMLElement>) {
    if (!event.isPrimary || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
  }

  function pointerMove(event: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    setDragX(event.clientX - drag.current.startX);
  }

  function pointerUp(event: ReactPointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - drag.current.startX;
    drag.current = null;
    setDragging(false);
    const threshold = Math.min(120, event.currentTarget.offsetWidth * 0.3);
    if (Math.abs(distance) < threshold) setDragX(0);
    else decide(distance > 0 ? "like" : "pass", distance);
  }

  function pointerCancel() {
    drag.current = null;
    setDragging(false);
    setDragX(0);
  }

  const tilt = prefersReducedMotion() ? 0 : dragX / 18;
  const threshold = 120;
  const announcement = answer ? announce(answer, t) : "";

  return (
    <main id="main" className={styles.page}>
      <div className={styles.column}>
        <header className={styles.header}>
          <h1 className={styles.heading}>{data.title}</h1>
          {likesLeft === null ? (
            <p className={styles.counter}>{t("unlimited")}</p>
          ) : (
            <div className={styles.allowance}>
              <span className={styles.pips} aria-hidden="true">
                {Array.from({ length: data.likesPerDay }, (_, index) => (
                  <HeartPip key={index} full={index < likesLeft} />
                ))}
              </span>
              <p className={styles.allowanceText}>
                <span className={styles.allowanceDaily}>{t("limit.daily", { count: data.likesPerDay })}</span>
                <span className={styles.allowanceLeft}>{t("likesLeft", { count: likesLeft })}</span>
              </p>
            </div>
          )}
        </header>

        <div className={styles.stage}>
          {outOfLikes ? (
            <UpsellCard resetsAt={data.resetsAt} likesPerDay={data.likesPerDay} />
          ) : next ? (
            <div className={styles.behind} aria-hidden="true">
              <CardPhoto card={next} />
            </div>
          ) : null}
          {outOfLikes ? null : current ? (
            <article
              key={current.id}
              className={`${styles.card} ${dragging ? styles.dragging : ""}`}
              style={dragX ? { transform: `translateX(${dragX}px) rotate(${tilt}deg)` } : undefined}
              tabIndex={0}
              aria-labelledby={`swipe-name-${current.id}`}
              aria-describedby="swipe-card-hint"
              onPointerDown={pointerDown}
              onPointerMove={pointerMove}
              onPointerUp={pointerUp}
              onPointerCancel={pointerCancel}
            >
              <CardFace card={current} />
              {dragX > 10 ? (
                <span className={styles.stampLike} style={{ opacity: Math.min(1, dragX / threshold) }} aria-hidden="true">
                  {t("stamp.like")}
                </span>
              ) : null}
              {dragX < -10 ? (
                <span className={styles.stampPass} style={{ opacity: Math.min(1, -dragX / threshold) }} aria-hidden="true">
                  {t("stamp.pass")}
                </span>
              ) : null}
            </article>
          ) : queue.length ? (
            <p className={styles.dealing}>{t("dealing")}</p>
          ) : (
            <div className={styles.empty}>
              <span className={styles.emptyIcon} aria-hidden="true">
                ♥
              </span>
              <h2 className={styles.emptyTitle}>{t("empty.title")}</h2>
              <p className={styles.emptyText}>{t("empty.text")}</p>
              <Link to="/members" className={form.button}>
                {t("empty.link")}
              </Link>
            </div>
          )}
          {leaving ? <LeavingCard leaving={leaving} onGone={() => setLeaving(null)} /> : null}
        </div>
        <p id="swipe-card-hint" className={visuallyHidden}>
          {t("cardHint")}
        </p>

        {current || outOfLikes ? (
          <>
            <Form method="post" className={styles.actions} onSubmit={submitted}>
              {current && !outOfLikes ? <input type="hidden" name="profileId" value={current.id} /> : null}
              <button
                type="submit"
                name="intent"
                value="pass"
                className={styles.passButton}
                aria-label={current && !outOfLikes ? t("passName", { name: current.name }) : t("pass")}
                title={t("pass")}
                disabled={outOfLikes}
              >
                <span aria-hidden="true">✕</span>
              </button>
              <button
                type="submit"
                name="intent"
                value="like"
                className={styles.likeButton}
                aria-label={current && !outOfLikes ? t("likeName", { name: current.name }) : t("like")}
                title={t("like")}
                disabled={outOfLikes}
              >
                <span aria-hidden="true">♥</span>
              </button>
            </Form>
            {outOfLikes ? null : (
              <p className={styles.hint} aria-hidden="true">
                {t("keysHint")}
              </p>
            )}
            {current?.fictional && !outOfLikes && data.fictionalWarning ? <p className={styles.fictionalWarning}>{data.fictionalWarning}</p> : null}
          </>
        ) : null}
        {/* Visible too: without JavaScript it is the only word on what a swipe did. */}
        <p className={styles.status} role="status">
          {announcement}
        </p>
      </div>
      {match ? <MatchModal profile={match} onClose={() => setMatch(null)} /> : null}
    </main>
  );
}

type Translate = ReturnType<typeof useTranslation<"swipe">>["t"];

function announce(answer: SwipeAnswer, t: Translate): string {
  switch (answer.outcome) {
    case "passed":
      return t("announce.passed", { name: answer.profile.name });
    case "liked":
      return answer.match ? t("announce.match", { name: answer.profile.name }) : t("announce.liked", { name: answer.profile.name });
    case "limit":
      return `${t("limit.used", { count: SWIPE_LIKES_PER_DAY })} ${waitText(answer.waitMinutes, t)}`;
    case "unavailable":
      return t("announce.unavailable");
    case "invalid":
      return t("announce.invalid");
  }
}

function waitText(totalMinutes: number, t: Translate): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours ? t("limit.waitHours", { hours, minutes }) : t("limit.waitMinutes", { minutes });
}

function HeartPip({ full }: { full: boolean }) {
  return (
    <svg className={full ? styles.pipFull : styles.pipEmpty} viewBox="0 0 24 24" focusable="false">
      <path d="M12 21C5 16 2 12.5 2 8.6 2 5.5 4.4 3 7.4 3c2 0 3.6 1.1 4.6 2.7C13 4.1 14.6 3 16.6 3 19.6 3 22 5.5 22 8.6 22 12.5 19 16 12 21z" />
    </svg>
  );
}

/** Hours, minutes and seconds as a clock shows them: 5:07:09. */
function clock(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * In place of the cards once the day's free likes are used (§9): what happened, a countdown to
 * the server's reset time with that moment on the visitor's own clock, and the way to unlimited.
 * When the countdown ends the page loads again and the cards come back.
 */
function UpsellCard({ resetsAt, likesPerDay }: { resetsAt: string; likesPerDay: number }) {
  const { t, i18n } = useTranslation("swipe");
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const resetTime = Date.parse(resetsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = resetTime - now;
  const reloaded = useRef(false);
  useEffect(() => {
    if (left > 0 || reloaded.current) return;
    reloaded.current = true;
    revalidator.revalidate();
  }, [left, revalidator]);
  return (
    <section className={styles.upsell} aria-labelledby="swipe-upsell-title" data-upsell>
      <svg className={styles.upsellArt} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path
          className={styles.upsellHeart}
          d="M32 56C13 43 5 33 5 22.5 5 14.5 11 8 19 8c5.3 0 9.7 3 13 7.5C35.3 11 39.7 8 45 8c8 0 14 6.5 14 14.5C59 33 51 43 32 56z"
        />
        <circle className={styles.upsellClock} cx="45" cy="44" r="13" />
        <path className={styles.upsellHands} d="M45 36v8l5 3" />
      </svg>
      <h2 id="swipe-upsell-title" className={styles.upsellTitle}>
        {t("upsell.title")}
      </h2>
      <p className={styles.upsellText}>{t("limit.used", { count: likesPerDay })}</p>
      <p className={styles.upsellNext}>
        {t("upsell.next")}
        <span role="timer" className={styles.countdown} suppressHydrationWarning>
          {clock(left)}
        </span>
        {hydrated ? (
          <span className={styles.upsellAt}>
            {t("upsell.at", { time: new Intl.DateTimeFormat(i18n.language, { hour: "2-digit", minute: "2-digit" }).format(resetTime) })}
          </span>
        ) : null}
      </p>
      <Link to="/premium" className={styles.upsellButton}>
        {t("limit.premium")}
      </Link>
      <Link to="/members" className={styles.upsellLink}>
        {t("upsell.search")}
      </Link>
    </section>
  );
}

function CardPhoto({ card }: { card: Card }) {
  return card.image ? (
    <img src={card.image.filename} alt="" className={styles.photo} width={800} height={1066} draggable={false} />
  ) : (
    <span className={styles.placeholder}>{card.name.slice(0, 1).toUpperCase()}</span>
  );
}

function CardFace({ card }: { card: Card }) {
  const { t } = useTranslation("members");
  return (
    <>
      <CardPhoto card={card} />
      <div className={styles.info}>
        <h2 id={`swipe-name-${card.id}`} className={styles.name}>
          {t("card.nameAge", { name: card.name, age: card.age })}
        </h2>
        <p className={styles.place}>{card.place}</p>
      </div>
      {card.fictional ? (
        <span className={styles.fictional} title={t("profile.fictionalTitle")}>
          {t("profile.fictionalBadge")}
        </span>
      ) : null}
    </>
  );
}

/** The card just swiped, flying off to its side over the next one; gone when the flight ends. */
function LeavingCard({ leaving, onGone }: { leaving: Leaving; onGone: () => void }) {
  const element = useRef<HTMLDivElement>(null);
  const gone = useRef(onGone);
  useEffect(() => {
    gone.current = onGone;
  }, [onGone]);
  useEffect(() => {
    const sign = leaving.direction === "right" ? 1 : -1;
    // Removed a little after the flight ends, also where animations do not run.
    const timer = setTimeout(() => gone.current(), 400);
    const flight = element.current?.animate(
      [
        { transform: `translateX(${leaving.fromX}px) rotate(${leaving.fromX / 18}deg)`, opacity: 1 },
        { transform: `translateX(${sign * 140}%) rotate(${sign * 24}deg)`, opacity: 0 },
      ],
      { duration: 320, easing: "ease-in", fill: "forwards" }
    );
    return () => {
      clearTimeout(timer);
      flight?.cancel();
    };
  }, [leaving]);
  return (
    <div ref={element} className={styles.leaving} aria-hidden="true">
      <CardFace card={leaving.card} />
    </div>
  );
}
