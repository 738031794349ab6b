import { sql, type Kysely } from "kysely";
import { ageOn } from "../accounts/forms";
import type { Database, Gender, Geolocation, Sexuality } from "../db/schema";
import { bornBy } from "../search/niche";
import { CARD_COLUMNS, findableProfiles, PRESENCE_COLUMNS, toMemberCard, type SearchCard, type SearchFilters } from "../search/search";
import type { Site } from "../sites/schema";

/**
 * How much each shared signal weighs. A shared interest counts most; a member a few kilometres
 * away counts about as much as two or three of them; a shared region (the fallback when either
 * member has no position) as one; being close in age only breaks ties between otherwise equal
 * suggestions.
 */
export const MATCH_WEIGHTS = {
  perSharedInterest: 3,
  /** Points at 0 km; half of it at DISTANCE_HALF_KM, a third at twice that, and so on. */
  nearest: 8,
  sameRegion: 3,
  sameCountry: 1,
  /** Points at the same age, down to none at AGE_GAP_TOLERATED years apart. */
  sameAge: 2,
} as const;
export const DISTANCE_HALF_KM = 25;
/** How far from a candidate's own age they would plausibly look: the mutual half of the age fit. */
export const AGE_GAP_TOLERATED = 10;

/**
 * Ranking reads a bounded set, never the whole pool: the newest members who fit, plus members among
 * the newest of the viewer's own region (so neighbours are in the running on a busy brand too).
 */
export const NEWEST_CANDIDATES = 1000;
export const SAME_REGION_CANDIDATES = 500;
export const SAME_REGION_WINDOW = 2000;

const EARTH_RADIUS_KM = 6371;

/** The signed-in member as ranking needs them (loadOwnProfile's row has these columns). */
export type MatchViewer = {
  id: number;
  gender: Gender | null;
  sexuality: Sexuality | null;
  date_of_birth: string;
  interests: string[];
  geolocation: Geolocation | null;
  country: string;
  region: string | null;
};

/** What two members share, as ranking found it. */
export type MatchSignals = {
  /** The candidate's interests that the viewer has too, in the candidate's order. */
  sharedInterests: string[];
  /** Great-circle distance, when both have a position. */
  distanceKm: number | null;
  sameRegion: boolean;
  sameCountry: boolean;
  ageGap: number;
};

export type Suggestion = SearchCard & { score: number; signals: MatchSignals };

type FindMatchesInput = {
  site: Site;
  viewer: MatchViewer;
  /** The member's search state (§3): its gender and age range are what they look for. */
  filters: SearchFilters;
  today: string;
  limit?: number;
};

export const hasPosition = (geolocation: Geolocation | null): geolocation is { lat: number; lon: number } =>
  typeof geolocation === "object" && geolocation !== null && Number.isFinite(geolocation.lat) && Number.isFinite(geolocation.lon);

/** Suggestions for the match finder: findable members who fit the member's search, ranked by what they share. */
export async function findMatches(db: Kysely<Database>, { site, viewer, filters, today, limit = 24 }: FindMatchesInput): Promise<Suggestion[]> {
  const viewerAge = ageOn(viewer.date_of_birth, today);
  const position = hasPosition(viewer.geolocation) ? viewer.geolocation : undefined;

  const todayNumber = Number(today.replaceAll("-", ""));
  const candidateAge = sql<number>`((${todayNumber}::int - to_char(profiles.date_of_birth, 'YYYYMMDD')::int) / 10000)`;
  const sharedInterests = sql<string[]>`array(select tag from unnest(profiles.interests) as tag where tag = any(${viewer.interests}::text[]))`;
  const candidateLat = sql`((profiles.geolocation ->> 'lat')::float8)`;
  const candidateLon = sql`((profiles.geolocation ->> 'lon')::float8)`;
  // Haversine; least() keeps rounding from pushing asin past 1 near the antipode.
  const distanceKm = position
    ? sql<number | null>`case when jsonb_typeof(profiles.geolocation -> 'lat') = 'number' and jsonb_typeof(profiles.geolocation -> 'lon') = 'number'
        then ${2 * EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
          power(sin(radians(${candidateLat} - ${position.lat}::float8) / 2), 2)
          + cos(radians(${position.lat}::float8)) * cos(radians(${candidateLat}))
            * power(sin(radians(${candidateLon} - ${position.lon}::float8) / 2), 2)))) end`
    : sql<number | null>`null::float8`;
  const sameRegion = viewer.region ? sql<boolean>`(profiles.country = ${viewer.country} and profiles.region = ${viewer.region})` : sql<boolean>`false`;

  /** Findable members who fit the search both ways and are not liked yet, with what they share with the viewer. */
  const fitting = () => {
    let query = findableProfiles(db, { site, viewerProfileId: viewer.id, today })
      .where("profiles.date_of_birth", ">", bornBy(today, filters.max_age + 1))
      .where("profiles.date_of_birth", "<=", bornBy(today, filters.min_age))
      // Someone the member already liked is no news to them.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("likes").select(sql`1`.as("one")).where("likes.liker_id", "=", viewer.id).whereRef("likes.liked_id", "=", "profiles.id"))),
      );
    if (filters.gender) query = query.where("profiles.gender", "=", filters.gender);
    // Mutual: the candidate would look for the viewer's gender too (a missing label rules nobody out).
    const gender = viewer.gender;
    if (gender && filters.gender) {
      // One gender searched: the same test as a set of sexualities (a missing one is as open as
      // bi), spelled as profiles_match_age_idx's last key, so a rare age range reads from the
      // table only the members who fit (migration 0010).
      query = query.where(sql<string>`coalesce(profiles.sexuality, 'bi')`, "in", filters.gender === gender ? ["bi", "gay", "lesbian"] : ["bi", "hetero"]);
    } else if (gender) {
      query = query.where((eb) =>
        eb.or([
          eb("profiles.sexuality", "is", null),
          eb("profiles.gender", "is", null),
          eb("profiles.sexuality", "=", "bi"),
          eb.and([eb("profiles.sexuality", "=", "hetero"), eb("profiles.gender", "!=", gender)]),
          eb.and([eb("profiles.sexuality", "in", ["gay", "lesbian"]), eb("profiles.gender", "=", gender)]),
        ]),
      );
    }
    return query.select([
      ...CARD_COLUMNS,
      ...PRESENCE_COLUMNS,
      "profiles.main_photo_id",
      "profiles.created_at",
      sharedInterests.as("shared_interests"),
      distanceKm.as("distance_km"),
      sameRegion.as("same_region"),
      sql<boolean>`(profiles.country = ${viewer.country})`.as("same_country"),
      sql<number>`abs(${candidateAge} - ${viewerAge}::int)`.as("age_gap"),
    ]);
  };

  const newestFirst = <Q extends ReturnType<typeof fitting>>(query: Q, size: number) =>
    query.orderBy("profiles.created_at", "desc").orderBy("profiles.id", "desc").limit(size);
  const newest = newestFirst(fitting(), NEWEST_CANDIDATES);
  const regionFrom = viewer.region ? await regionWindowStart(db, { pool: site.pool, country: viewer.country, region: viewer.region }) : undefined;
  const neighbours = viewer.region
    ? newestFirst(
        fitting()
          .where("profiles.country", "=", viewer.country)
          .where("profiles.region", "=", viewer.region)
          .where("profiles.created_at", ">=", regionFrom ?? new Date(0))
          // Those already among the newest count once (the "newest" CTE below).
          .where(sql<boolean>`profiles.id not in (select id from newest)`),
        SAME_REGION_CANDIDATES,
      )
    : undefined;

  const w = MATCH_WEIGHTS;
  // Region and country only stand in for distance when it is unknown.
  const score = sql<number>`(
    ${w.perSharedInterest}::float8 * cardinality(shared_interests)
    + coalesce(${w.nearest}::float8 / (1 + distance_km / ${DISTANCE_HALF_KM}::float8),
        case when same_region then ${w.sameRegion}::float8 when same_country then ${w.sameCountry}::float8 else 0 end)
    + greatest(0, ${w.sameAge}::float8 * (1 - age_gap::float8 / ${AGE_GAP_TOLERATED}::float8))
  )`;
  const withNewest = db.with("newest", () => newest);
  const candidates = neighbours
    ? withNewest.selectFrom("newest").selectAll().unionAll(db.selectFrom(neighbours.as("neighbours")).selectAll())
    : withNewest.selectFrom("newest").selectAll();
  const ranked = db
    .selectFrom(candidates.as("candidates"))
    .selectAll()
    .select(score.as("score"))
    .orderBy("score", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  // Photos only for the few shown.
  const rows = await db
    .selectFrom(ranked.as("ranked"))
    .leftJoin("photos", (join) => join.onRef("photos.id", "=", "ranked.main_photo_id").on("photos.status", "=", "active"))
    .selectAll("ranked")
    .select(["photos.filename", "photos.thumb_filename"])
    .orderBy("ranked.score", "desc")
    .orderBy("ranked.created_at", "desc")
    .orderBy("ranked.id", "desc")
    .execute();

  return rows.map((row) => ({
    ...toMemberCard(site, today, row),
    // Members the viewer liked are never suggested.
    liked: false,
    score: Number(row.score),
    signals: {
      sharedInterests: row.shared_interests,
      distanceKm: row.distance_km === null ? null : Number(row.distance_km),
      sameRegion: row.same_region,
      sameCountry: row.same_country,
      ageGap: Number(row.age_gap),
    },
  }));
}

/**
 * When the newest SAME_REGION_WINDOW members of a region joined, read from the region index alone.
 * Asked before the ranking query, so that the region's scan stops at a real date: the site's
 * country list (an IN on that index's second column) keeps it from reading newest first.
 */
async function regionWindowStart(db: Kysely<Database>, { pool, country, region }: { pool: string; country: string; region: string }): Promise<Date | undefined> {
  const boundary = await db
    .selectFrom("profiles")
    .select("profiles.created_at")
    .where("profiles.pool", "=", pool)
    .where("profiles.country", "=", country)
    .where("profiles.region", "=", region)
    .where("profiles.status", "=", "active")
    .where("profiles.invisible", "=", false)
    .orderBy("profiles.created_at", "desc")
    .orderBy("profiles.id", "desc")
    .offset(SAME_REGION_WINDOW - 1)
    .limit(1)
    .executeTakeFirst();
  return boundary?.created_at;
}
