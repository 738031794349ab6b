import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { CARD_COLUMNS, findableProfiles, PRESENCE_COLUMNS, toMemberCard, type MemberCard } from "../search/search";
import type { Site } from "../sites/schema";

export const LIKES_TABS = ["received", "given", "matches"] as const;
export type LikesTab = (typeof LIKES_TABS)[number];
export const LIKES_PAGE_SIZE = 48;

type Viewer = { site: Site; viewerProfileId: number; today: string };

/**
 * The other side of a member's likes, one row per findable profile: likes a profile that is now
 * invisible, blocked either way or gone from the pool never show, in lists or counts.
 */
function likesWith(db: Kysely<Database>, { site, viewerProfileId, today }: Viewer) {
  return findableProfiles(db, { site, viewerProfileId, today })
    .leftJoin("likes as received", (join) => join.onRef("received.liker_id", "=", "profiles.id").on("received.liked_id", "=", viewerProfileId))
    .leftJoin("likes as given", (join) => join.onRef("given.liked_id", "=", "profiles.id").on("given.liker_id", "=", viewerProfileId));
}

function ofTab(query: ReturnType<typeof likesWith>, tab: LikesTab) {
  if (tab === "received") return query.where("received.liker_id", "is not", null);
  if (tab === "given") return query.where("given.liker_id", "is not", null);
  return query.where("received.liker_id", "is not", null).where("given.liker_id", "is not", null);
}

/** Likes a member received and has not opened yet (the new-likes badge, §2). */
export async function countNewLikes(db: Kysely<Database>, viewer: Viewer): Promise<number> {
  const row = await newLikesCount(db, viewer).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The query of countNewLikes, to read along with other counts in one round trip. */
export function newLikesCount(db: Kysely<Database>, viewer: Viewer) {
  return likesWith(db, viewer)
    .where("received.liker_id", "is not", null)
    .where("received.seen_at", "is", null)
    .select((eb) => eb.fn.countAll<string>().as("count"));
}

/** How many profiles each tab holds. */
export async function countLikes(db: Kysely<Database>, viewer: Viewer): Promise<Record<LikesTab, number>> {
  const row = await likesWith(db, viewer)
    .select([
      sql<string>`count(received.liker_id)`.as("received"),
      sql<string>`count(given.liker_id)`.as("given"),
      sql<string>`count(*) filter (where received.liker_id is not null and given.liker_id is not null)`.as("matches"),
    ])
    .where((eb) => eb.or([eb("received.liker_id", "is not", null), eb("given.liker_id", "is not", null)]))
    .executeTakeFirstOrThrow();
  return { received: Number(row.received), given: Number(row.given), matches: Number(row.matches) };
}

export type LikedProfile = MemberCard & {
  /** They liked the viewer and the viewer has not opened their profile since. */
  likeNew: boolean;
  likesViewer: boolean;
  likedByViewer: boolean;
  /** When the like of this tab was made (a match: the later of the two). */
  likedAt: Date;
};

/** A keyset position in a likes tab: the like's time, then the profile id. */
export type LikesPosition = { likedAt: Date; id: number };

/** One tab of the likes page, newest like first; `olderThan` continues after a page's last card. */
export async function listLikes(
  db: Kysely<Database>,
  viewer: Viewer & { tab: LikesTab; limit?: number; olderThan?: LikesPosition },
): Promise<LikedProfile[]> {
  const rows = await likesPage(db, viewer).execute();
  return rows.map((row) => toLikedProfile(viewer, row));
}

/**
 * The newest of the member's likes both ways, up to `limit` each (what /api/likes.php polls), in one
 * round trip: the two tabs' pages side by side.
 */
export async function givenAndReceivedLikes(db: Kysely<Database>, viewer: Viewer & { limit: number }): Promise<Record<"given" | "received", LikedProfile[]>> {
  const rows = await db
    .selectFrom(likesPage(db, { ...viewer, tab: "given" }).as("page"))
    .selectAll()
    .select(sql.lit("given").as("tab"))
    .unionAll(db.selectFrom(likesPage(db, { ...viewer, tab: "received" }).as("page")).selectAll().select(sql.lit("received").as("tab")))
    .execute();
  const tab = (name: string) => rows.filter((row) => row.tab === name).map((row) => toLikedProfile(viewer, row));
  // Each page comes ordered, but a union promises no order between rows: put each back in it.
  const newestFirst = (a: LikedProfile, b: LikedProfile) => b.likedAt.getTime() - a.likedAt.getTime() || b.id - a.id;
  return { given: tab("given").sort(newestFirst), received: tab("received").sort(newestFirst) };
}

function likesPage(db: Kysely<Database>, viewer: Viewer & { tab: LikesTab; limit?: number; olderThan?: LikesPosition }) {
  const { tab, limit = LIKES_PAGE_SIZE, olderThan } = viewer;
  const column =
    tab === "received" ? sql`received.created_at` : tab === "given" ? sql`given.created_at` : sql`greatest(received.created_at, given.created_at)`;
  // Whole milliseconds, as a page's cursor carries them, so no like falls between two pages.
  const likedAt = sql<Date>`date_trunc('milliseconds', ${column})`;
  let query = ofTab(likesWith(db, viewer), tab);
  if (olderThan) query = query.where(sql<boolean>`(${likedAt}, profiles.id) < (${olderThan.likedAt}, ${olderThan.id})`);
  return query
    .leftJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
    .select([
      ...CARD_COLUMNS,
      ...PRESENCE_COLUMNS,
      "photos.filename",
      "photos.thumb_filename",
      "received.liker_id as receivedFrom",
      "received.seen_at as receivedSeenAt",
      "given.liked_id as givenTo",
      likedAt.as("liked_at"),
    ])
    .orderBy("liked_at", "desc")
    .orderBy("profiles.id", "desc")
    .limit(limit);
}

type LikesPageRow = Awaited<ReturnType<ReturnType<typeof likesPage>["executeTakeFirstOrThrow"]>>;

function toLikedProfile({ site, today }: Viewer, row: LikesPageRow): LikedProfile {
  return {
    ...toMemberCard(site, today, row),
    likeNew: row.receivedFrom !== null && row.receivedSeenAt === null,
    likesViewer: row.receivedFrom !== null,
    likedByViewer: row.givenTo !== null,
    likedAt: new Date(row.liked_at),
  };
}
