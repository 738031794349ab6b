import { sql, type Kysely } from "kysely";
import { ageOn } from "../accounts/forms";
import type { Database, Gender } from "../db/schema";
import { photoUrls, type PhotoUrls } from "../photos/urls";
import { presenceOf, type Presence } from "../presence/presence";
import { nicheName, type Site } from "../sites/schema";
import { visibleProfiles } from "./access";
import { bornBy, nicheFilter } from "./niche";

export const PAGE_SIZE = 24;
/** Counting stops here: "1000+" tells a visitor as much as an exact count, at a fraction of the cost. */
export const COUNT_CAP = 1000;
export const OLDEST_SEARCHED = 99;

/** How results are ordered: newest members first (the default), or by their last sign of life. */
export type SearchOrder = "newest" | "online";

/** The search state of §3, as the form and the cookie carry it. */
export type SearchFilters = {
  gender?: Gender;
  country?: string;
  countryregion?: string;
  min_age: number;
  max_age: number;
  /** Absent: newest first. */
  order?: SearchOrder;
};

/**
 * A keyset position: (sort time desc, id desc), the sort time being created_at newest first, or
 * the last sign of life (last_seen_at, else the signup) for "recently online".
 */
export type Cursor = { direction: "after" | "before"; createdAt: Date; id: number };

/**
 * The "recently online" sort time, as the index profiles_search_online_idx has it (0017_presence):
 * members never seen (brand-run profiles, say) come last. Invisible members never appear in search.
 */
const lastSignOfLife = sql<Date>`coalesce(profiles.last_seen_at, 'epoch'::timestamptz)`;

/** A member as every list shows them (search, likes, swipe game, match finder). */
export type MemberCard = {
  id: number;
  name: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  image: PhotoUrls | null;
  /** "Online now" / "recently online" where the list selected PRESENCE_COLUMNS (members' lists, not cached public pages). */
  presence?: Presence | null;
};

export type SearchCard = MemberCard & {
  /** Whether the signed-in viewer likes them (false for visitors). */
  liked: boolean;
};

/** The profile columns a card needs; its main photo's files come from a join on photos. */
export const CARD_COLUMNS = [
  "profiles.id",
  "profiles.name",
  "profiles.date_of_birth",
  "profiles.country",
  "profiles.region",
  "profiles.city",
  "profiles.fictional",
] as const;

/** What a card needs to show presence; invisible members never show it (presenceOf). */
export const PRESENCE_COLUMNS = ["profiles.last_seen_at", "profiles.invisible"] as const;

type CardRow = {
  id: number;
  name: string;
  date_of_birth: string;
  country: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  filename?: string | null;
  thumb_filename?: string | null;
  last_seen_at?: Date | null;
  invisible?: boolean;
};

/** A row of CARD_COLUMNS (and the photo's files) as the card shows it, the age as of today. */
export function toMemberCard(site: Site, today: string, row: CardRow): MemberCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.date_of_birth, today),
    country: row.country,
    region: row.region,
    city: row.city,
    fictional: row.fictional,
    image: row.filename && row.thumb_filename ? photoUrls(site, { filename: row.filename, thumb_filename: row.thumb_filename }) : null,
    ...(row.last_seen_at !== undefined && { presence: presenceOf(row.last_seen_at, row.invisible ?? false, new Date()) }),
  };
}

export type SearchPage = { results: SearchCard[]; next?: string; previous?: string; numResults: number; numResultsCapped: boolean };

type SearchInput = {
  site: Site;
  /** The signed-in member's profile: never shown to themself, and blocks apply. */
  viewerProfileId?: number;
  filters: SearchFilters;
  today: string;
  cursor?: Cursor;
  pageSize?: number;
  /** Profiles to leave out besides the viewer (the related profiles of a profile screen). */
  excludeIds?: number[];
  count?: boolean;
};

/**
 * The findable profiles of a site: the visible profiles of its pool, narrowed by its niche (for
 * this viewer) and countries, and never one that blocked the viewer or that the viewer blocked.
 */
export function findableProfiles(db: Kysely<Database>, { site, viewerProfileId, today }: { site: Site; viewerProfileId?: number; today: string }) {
  let query = visibleProfiles(db, site)
    .where("profiles.country", "in", site.countries)
    .where(nicheFilter({ niche: nicheName(site.niche), today, viewerProfileId }));
  if (viewerProfileId !== undefined) {
    query = query
      .where("profiles.id", "!=", viewerProfileId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("blocks")
              .select(sql`1`.as("one"))
              .where((eb) =>
                eb.or([
                  eb.and([eb("blocks.blocker_id", "=", viewerProfileId), eb("blocks.blocked_id", "=", eb.ref("profiles.id"))]),
                  eb.and([eb("blocks.blocker_id", "=", eb.ref("profiles.id")), eb("blocks.blocked_id", "=", viewerProfileId)]),
                ]),
              ),
          ),
        ),
      );
  }
  return query;
}

/** One page of member search (§3 search state), newest members first, by keyset. */
export async function searchMembers(db: Kysely<Database>, input: SearchInput): Promise<SearchPage> {
  const { site, filters, today, cursor, pageSize = PAGE_SIZE, excludeIds = [] } = input;
  let query = findableProfiles(db, input)
    // Born after this date means younger than max_age + 1.
    .where("profiles.date_of_birth", ">", bornBy(today, filters.max_age + 1))
    .where("profiles.date_of_birth", "<=", bornBy(today, filters.min_age));
  if (filters.gender) query = query.where("profiles.gender", "=", filters.gender);
  if (filters.country) query = query.where("profiles.country", "=", filters.country);
  if (filters.country && filters.countryregion) query = query.where("profiles.region", "=", filters.countryregion);
  if (excludeIds.length) query = query.where("profiles.id", "not in", excludeIds);

  const counting = input.count === false ? undefined : countUpTo(db, query, COUNT_CAP + 1);
  const sortTime = filters.order === "online" ? lastSignOfLife : sql<Date>`profiles.created_at`;
  let page = query
    .leftJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
    .leftJoin("likes", (join) => join.onRef("likes.liked_id", "=", "profiles.id").on("likes.liker_id", "=", input.viewerProfileId ?? 0))
    .select([...CARD_COLUMNS, ...PRESENCE_COLUMNS, "likes.liker_id as likedBy", sortTime.as("sort_at"), "photos.filename", "photos.thumb_filename"])
    .limit(pageSize + 1);
  const backwards = cursor?.direction === "before";
  if (cursor) {
    page = page.where(sql<boolean>`(${sortTime}, profiles.id) ${sql.raw(backwards ? ">" : "<")} (${cursor.createdAt}, ${cursor.id})`);
  }
  page = backwards
    ? page.orderBy(sortTime, "asc").orderBy("profiles.id", "asc")
    : page.orderBy(sortTime, "desc").orderBy("profiles.id", "desc");

  const [rows, counted] = await Promise.all([page.execute(), counting]);
  const more = rows.length > pageSize;
  const shown = rows.slice(0, pageSize);
  if (backwards) shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  const hasNewer = backwards ? more : Boolean(cursor);
  const hasOlder = backwards ? true : more;
  return {
    results: shown.map((row) => ({ ...toMemberCard(site, today, row), liked: row.likedBy !== null })),
    next: hasOlder && last ? encodeCursor(new Date(last.sort_at), last.id) : undefined,
    previous: hasNewer && first ? encodeCursor(new Date(first.sort_at), first.id) : undefined,
    numResults: Math.min(counted ?? 0, COUNT_CAP),
    numResultsCapped: (counted ?? 0) > COUNT_CAP,
  };
}

/**
 * How many rows the query has, counting stops at `cap`. The rows are taken in the page's order,
 * from its index: unordered, the planner may count from a scan of the whole table, which finds the
 * first thousand quickly only when the pool's rows lie where the scan starts (PostgreSQL starts it
 * where the previous one stopped, often among another brand's members: 0.4 s instead of 10 ms).
 */
async function countUpTo(db: Kysely<Database>, query: ReturnType<typeof findableProfiles>, cap: number): Promise<number> {
  const row = await db
    .selectFrom(query.select(sql<number>`1`.as("one")).orderBy("profiles.created_at", "desc").orderBy("profiles.id", "desc").limit(cap).as("capped"))
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function encodeCursor(createdAt: Date, id: number): string {
  return Buffer.from(`${createdAt.toISOString()}~${id}`).toString("base64url");
}

export function decodeCursor(value: string | null, direction: Cursor["direction"]): Cursor | undefined {
  if (!value || value.length > 80) return undefined;
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("~");
  const createdAt = new Date(iso ?? "");
  const numericId = Number(id);
  if (Number.isNaN(createdAt.getTime()) || !Number.isSafeInteger(numericId) || numericId < 1) return undefined;
  return { direction, createdAt, id: numericId };
}
