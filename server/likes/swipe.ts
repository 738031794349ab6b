import { fromZonedTime } from "date-fns-tz";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { todayIn } from "../i18n/dates";
import { photoUrls, type PhotoUrls } from "../photos/urls";
import { CARD_COLUMNS, findableProfiles, toMemberCard, type MemberCard } from "../search/search";
import { defaultFilters } from "../search/state";
import { COUNTRIES, isCountryCode } from "../sites/countries";
import type { Site } from "../sites/schema";
import { likeWithin } from "./likes";

/** Free members like this many profiles a day in the swipe game; premium members have no limit (§9). */
export const SWIPE_LIKES_PER_DAY = 4;

/** What the swipe game needs to know of the member playing. */
export type Swiper = {
  profileId: number;
  country: string;
  paidUser: boolean;
  gender: Database["profiles"]["gender"];
  sexuality: Database["profiles"]["sexuality"];
};

export type SwipeCard = MemberCard;

/** Who was swiped, as the outcome message and the match modal show them. */
export type SwipedProfile = { id: number; name: string; image: PhotoUrls | null };

/** A like of the game, or why it did not happen. `likesLeft` is null for premium members. */
export type SwipeLikeOutcome =
  | { refused: "limit"; resetsAt: Date; profile: SwipedProfile }
  | { refused: "unavailable" }
  | { refused?: undefined; profile: SwipedProfile; fresh: boolean; match: boolean; likesLeft: number | null };

export type SwipePassOutcome = { refused: "unavailable" } | { refused?: undefined; profile: SwipedProfile };

type Game = { site: Site; member: Swiper };

/** The member's day runs in their own country's time zone, so the limit resets at their midnight. */
function timeZoneOf(site: Site, member: Swiper): string {
  const country = isCountryCode(member.country) ? member.country : site.default_country;
  return COUNTRIES[country].timeZone;
}

/** Midnight at the start of the member's current day, and the next one, as instants. */
export function memberDay(site: Site, member: Swiper, now: Date): { start: Date; end: Date } {
  const timeZone = timeZoneOf(site, member);
  const today = todayIn(timeZone, now);
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: fromZonedTime(`${today}T00:00:00`, timeZone), end: fromZonedTime(`${tomorrow}T00:00:00`, timeZone) };
}

/** Profiles the member may be dealt: findable for them, of the gender they look for, never liked or passed before. */
function dealable(db: Kysely<Database>, { site, member, today }: Game & { today: string }) {
  const gender = defaultFilters(site, member).gender;
  let query = findableProfiles(db, { site, viewerProfileId: member.profileId, today })
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("likes")
            .select(sql`1`.as("one"))
            .where("likes.liker_id", "=", member.profileId)
            .whereRef("likes.liked_id", "=", "profiles.id")
        )
      )
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("swipe_passes")
            .select(sql`1`.as("one"))
            .where("swipe_passes.profile_id", "=", member.profileId)
            .whereRef("swipe_passes.passed_id", "=", "profiles.id")
        )
      )
    );
  if (gender) query = query.where("profiles.gender", "=", gender);
  return query;
}

/**
 * A small stack of cards, those with a photo first, newest first. Two keyset-ordered queries
 * (with a photo, then without) instead of one sort on "has a photo", so each walks the
 * newest-first search index and stops at the limit however many profiles the pool holds.
 */
export async function dealSwipeCards(db: Kysely<Database>, { site, member, today, limit }: Game & { today: string; limit: number }): Promise<SwipeCard[]> {
  const withPhoto = await dealable(db, { site, member, today })
    .innerJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
    .select([...CARD_COLUMNS, "photos.filename", "photos.thumb_filename"])
    .orderBy("profiles.created_at", "desc")
    .orderBy("profiles.id", "desc")
    .limit(limit)
    .execute();
  const withoutPhoto =
    withPhoto.length < limit
      ? await dealable(db, { site, member, today })
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("photos")
                  .select(sql`1`.as("one"))
                  .whereRef("photos.id", "=", "profiles.main_photo_id")
                  .where("photos.status", "=", "active")
              )
            )
          )
          .select(CARD_COLUMNS)
          .orderBy("profiles.created_at", "desc")
          .orderBy("profiles.id", "desc")
          .limit(limit - withPhoto.length)
          .execute()
      : [];
  return [...withPhoto, ...withoutPhoto].map((row) => toMemberCard(site, today, row));
}

async function swipeLikesToday(db: Kysely<Database>, member: Swiper, since: Date): Promise<number> {
  const row = await db
    .selectFrom("likes")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("liker_id", "=", member.profileId)
    .where("source", "=", "swipe")
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Likes a free member has left today, or null for a premium member (no limit). */
export async function swipeLikesLeft(db: Kysely<Database>, { site, member, now }: Game & { now: Date }): Promise<{ likesLeft: number | null; resetsAt: Date }> {
  const day = memberDay(site, member, now);
  if (member.paidUser) return { likesLeft: null, resetsAt: day.end };
  const used = await swipeLikesToday(db, member, day.start);
  return { likesLeft: Math.max(0, SWIPE_LIKES_PER_DAY - used), resetsAt: day.end };
}

/** The profile swiped, when the game could deal it to this member right now (findable for them). */
async function findableSwiped(
  db: Kysely<Database>,
  { site, member, profileId, today }: Game & { profileId: number; today: string }
): Promise<SwipedProfile | undefined> {
  const row = await findableProfiles(db, { site, viewerProfileId: member.profileId, today })
    .leftJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
    .select(["profiles.id", "profiles.name", "photos.filename", "photos.thumb_filename"])
    .where("profiles.id", "=", profileId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    image: row.filename && row.thumb_filename ? photoUrls(site, { filename: row.filename, thumb_filename: row.thumb_filename }) : null,
  };
}

/**
 * A like from the swipe game, counted against the free daily limit in one transaction. The
 * member's profile row is locked first, in its own statement, so a simultaneous like of the same
 * member waits and then counts the likes this one added (PostgreSQL takes a statement's snapshot
 * when the statement starts).
 */
export function swipeLike(db: Kysely<Database>, { site, member, likedId, now }: Game & { likedId: number; now: Date }): Promise<SwipeLikeOutcome> {
  const day = memberDay(site, member, now);
  const today = todayIn(timeZoneOf(site, member), now);
  return db.transaction().execute(async (tx): Promise<SwipeLikeOutcome> => {
    await tx.selectFrom("profiles").select("id").where("id", "=", member.profileId).forUpdate().execute();
    const profile = await findableSwiped(tx, { site, member, profileId: likedId, today });
    if (!profile) return { refused: "unavailable" };
    const used = member.paidUser ? 0 : await swipeLikesToday(tx, member, day.start);
    if (!member.paidUser && used >= SWIPE_LIKES_PER_DAY) return { refused: "limit", resetsAt: day.end, profile };
    const liked = await likeWithin(tx, { pool: site.pool, likerId: member.profileId, likedId, source: "swipe" });
    if (!liked.stands) return { refused: "unavailable" };
    const likesLeft = member.paidUser ? null : Math.max(0, SWIPE_LIKES_PER_DAY - used - (liked.fresh ? 1 : 0));
    return { profile, fresh: liked.fresh, match: liked.match, likesLeft };
  });
}

/** A pass: the profile is not dealt to this member again. Passing twice is no error. */
export async function swipePass(db: Kysely<Database>, { site, member, passedId, now }: Game & { passedId: number; now: Date }): Promise<SwipePassOutcome> {
  const today = todayIn(timeZoneOf(site, member), now);
  const profile = await findableSwiped(db, { site, member, profileId: passedId, today });
  if (!profile) return { refused: "unavailable" };
  await db
    .insertInto("swipe_passes")
    .values({ profile_id: member.profileId, passed_id: passedId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return { profile };
}
