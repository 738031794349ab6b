import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MatchModal } from "./member/match-modal";
import { PresenceLabel } from "./member/presence-label";
import { SignupLink } from "./signup/signup-modal";
import * as styles from "./profile-card.css";
import { FETCH_FIRST } from "../lib/fetch-priority";
import type { Presence } from "../../server/presence/presence";

export type ProfileCardData = {
  id: number;
  name: string;
  age: number;
  /** Where they live, already in the visitor's words: city, region or country. */
  place: string;
  fictional: boolean;
  image: { match: string } | null;
  /** Whether the signed-in viewer likes them; undefined for visitors, whose like button leads to signup. */
  liked?: boolean;
  /** They liked the viewer, who has not opened their profile since (§3 like_new). */
  likeNew?: boolean;
  /** A line under the place: why the match finder suggests them, say. */
  note?: string;
  /** "Online now" or "recently online" (members' lists; never for invisible members). */
  presence?: Presence | null;
};

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A visitor's like: the signup, saying it is to like this member, and back to this list after. */
function VisitorLikeButton({ profile }: { profile: ProfileCardData }) {
  const { t } = useTranslation("account");
  const label = t("signup.reason.like", { name: profile.name });
  return (
    <div className={styles.likeForm}>
      <SignupLink reason={{ intent: "like", profileId: profile.id, name: profile.name }} className={styles.like} ariaLabel={label} title={label}>
        <Heart filled={false} />
      </SignupLink>
    </div>
  );
}

/** Like or unlike from a card, in place; a like that completes a match opens the match modal. */
function CardLikeButton({ profile }: { profile: ProfileCardData }) {
  const { t } = useTranslation("likes");
  const fetcher = useFetcher<{ done: string; match: boolean }>();
  const [closedFor, setClosedFor] = useState<unknown>();
  const pending = fetcher.formData?.get("intent");
  const liked = pending ? pending === "like" : Boolean(profile.liked);
  const label = liked ? t("card.unlike", { name: profile.name }) : t("card.like", { name: profile.name });
  return (
    <>
      <fetcher.Form method="post" action={`/members/${profile.id}`} className={styles.likeForm}>
        <input type="hidden" name="from" value="card" />
        <button type="submit" name="intent" value={liked ? "unlike" : "like"} className={styles.like} aria-pressed={liked} aria-label={label} title={label}>
          <Heart filled={liked} />
        </button>
      </fetcher.Form>
      {fetcher.data?.match && closedFor !== fetcher.data ? <MatchModal profile={profile} onClose={() => setClosedFor(fetcher.data)} /> : null}
    </>
  );
}

/** A member in a list (search, likes, related profiles): photo, name, age and place; the card is the link. */
export function ProfileCard({ profile, linkPrefix = "/members", aboveFold = false }: { profile: ProfileCardData; linkPrefix?: string; aboveFold?: boolean }) {
  const { t } = useTranslation("members");
  return (
    <li className={styles.card}>
      <div className={styles.photoArea}>
        {profile.image ? (
          <img
            src={profile.image.match}
            alt=""
            className={styles.photo}
            width={400}
            height={400}
            loading={aboveFold ? "eager" : "lazy"}
            decoding={aboveFold ? "auto" : "async"}
            {...(aboveFold ? FETCH_FIRST : {})}
          />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className={styles.badges}>
          {profile.likeNew ? <span className={styles.newLike}>{t("likes:card.new")}</span> : null}
          {profile.fictional ? (
            <span className={styles.fictional} title={t("profile.fictionalTitle")}>
              {t("profile.fictionalBadge")}
            </span>
          ) : null}
        </div>
        {profile.liked === undefined ? <VisitorLikeButton profile={profile} /> : <CardLikeButton profile={profile} />}
      </div>
      <div className={styles.body}>
        <Link to={`${linkPrefix}/${profile.id}`} className={styles.name}>
          {t("card.nameAge", { name: profile.name, age: profile.age })}
        </Link>
        <span className={styles.details}>{profile.place}</span>
        {profile.presence ? <PresenceLabel presence={profile.presence} /> : null}
        {profile.note ? <span className={styles.note}>{profile.note}</span> : null}
      </div>
    </li>
  );
}

/** The first row of cards on a wide screen, the first two on a phone: loaded at once, as the page's largest paint. */
const CARDS_ABOVE_FOLD = 4;

export function ProfileGrid({ profiles, linkPrefix }: { profiles: ProfileCardData[]; linkPrefix?: string }) {
  return (
    <ul className={styles.grid}>
      {profiles.map((profile, index) => (
        <ProfileCard key={profile.id} profile={profile} linkPrefix={linkPrefix} aboveFold={index < CARDS_ABOVE_FOLD} />
      ))}
    </ul>
  );
}
