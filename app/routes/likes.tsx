import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { countLikes, LIKES_PAGE_SIZE, LIKES_TABS, listLikes, type LikesTab } from "../../server/likes/lists";
import { decodeCursor, encodeCursor } from "../../server/search/search";
import * as form from "../components/form.css";
import { ProfileGrid } from "../components/profile-card";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { toCards } from "../lib/profiles.server";
import { emptyState, emptyStateTitle } from "../styles/empty-state.css";
import * as styles from "./likes.css";

export const handle = { i18n: ["likes", "members"] };
export const meta = accountMeta;

const isTab = (value: string): value is LikesTab => (LIKES_TABS as readonly string[]).includes(value);

/** /likes and /likes/{type} (§2): who liked the member, whom they liked, and the matches. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const tab = params.type ?? "received";
  if (!isTab(tab)) throw new Response("Not found", { status: 404 });
  const db = context.services.store.db;
  const viewer = { site: context.site, viewerProfileId: member.profileId, today: context.today };
  const position = decodeCursor(new URL(request.url).searchParams.get("before"), "after");
  const olderThan = position && { likedAt: position.createdAt, id: position.id };
  const [counts, found] = await Promise.all([countLikes(db, viewer), listLikes(db, { ...viewer, tab, limit: LIKES_PAGE_SIZE + 1, olderThan })]);
  const profiles = found.slice(0, LIKES_PAGE_SIZE);
  const last = profiles.at(-1);
  const cards = toCards(
    context,
    profiles.map((profile) => ({ ...profile, liked: profile.likedByViewer }))
  );
  return {
    title: context.t("likes:title"),
    tab,
    counts,
    profiles: cards.map((card, index) => ({ ...card, likeNew: profiles[index]!.likeNew })),
    older: found.length > LIKES_PAGE_SIZE && last ? `?before=${encodeCursor(last.likedAt, last.id)}` : undefined,
    paged: Boolean(olderThan),
  };
}

export default function Likes() {
  const { tab, counts, profiles, older, paged } = useLoaderData<typeof loader>();
  const { t } = useTranslation("likes");
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{t("title")}</h1>
      <nav aria-label={t("tabs.label")}>
        <ul className={styles.tabs}>
          {LIKES_TABS.map((name) => (
            <li key={name} className={styles.tabItem}>
              <Link to={`/likes/${name}`} className={styles.tab} aria-current={name === tab ? "page" : undefined} preventScrollReset>
                {t(`tabs.${name}`)}
                <span className={styles.tabCount}>{counts[name]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {profiles.length ? (
        <>
          <ProfileGrid profiles={profiles} linkPrefix="/likes/m" />
          {older || paged ? (
            <nav className={styles.pager} aria-label={t("pager.label")}>
              {paged ? (
                <Link to={`/likes/${tab}`} className={form.link}>
                  {t("pager.newest")}
                </Link>
              ) : null}
              {older ? (
                <Link to={older} className={form.link}>
                  {t("pager.older")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : (
        <div className={emptyState}>
          <h2 className={emptyStateTitle}>{t(`empty.${tab}.title`)}</h2>
          <p>{t(`empty.${tab}.text`)}</p>
          <Link to={tab === "given" ? "/members" : "/swipe-game"} className={form.button}>
            {tab === "given" ? t("empty.search") : t("empty.swipe")}
          </Link>
        </div>
      )}
    </main>
  );
}
