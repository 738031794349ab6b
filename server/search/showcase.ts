import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Site } from "../sites/schema";
import { CARD_COLUMNS, findableProfiles, toMemberCard, type MemberCard } from "./search";

/**
 * The newest members a visitor of the brand may find who show a photo: the home page's strip.
 * A visitor's view (no viewer, so no blocks and the niche's featured side), the same for every
 * visitor of the brand, so the page that shows it may be kept for all of them (decision 019).
 */
export async function showcaseMembers(db: Kysely<Database>, { site, today, limit }: { site: Site; today: string; limit: number }): Promise<MemberCard[]> {
  const rows = await newestWithPhoto(db, { site, today, limit }).execute();
  return rows.map((row) => toMemberCard(site, today, row));
}

/**
 * The same members with words of their own (about me), for a lander that shows them as posts; none
 * where the brand does not show about me.
 */
export async function showcasePosts(db: Kysely<Database>, { site, today, limit }: { site: Site; today: string; limit: number }): Promise<(MemberCard & { aboutMe: string })[]> {
  if (!(site.visible_profile_fields as readonly string[]).includes("about_me")) return [];
  const rows = await newestWithPhoto(db, { site, today, limit }).select("profiles.about_me").where("profiles.about_me", "is not", null).execute();
  return rows.map((row) => ({ ...toMemberCard(site, today, row), aboutMe: row.about_me ?? "" }));
}

/**
 * The newest such members who live in a country, those of the visitor's region (when known) first:
 * the map lander's. Cached per country and region, so still the same for every visitor of them.
 */
export async function showcaseNear(
  db: Kysely<Database>,
  { site, today, limit, country, region }: { site: Site; today: string; limit: number; country: string; region: string | undefined },
): Promise<MemberCard[]> {
  let query = newestWithPhoto(db, { site, today, limit }).where("profiles.country", "=", country);
  // Ordered ahead of newest-first: the region's members, then everyone else's.
  if (region) query = query.clearOrderBy().orderBy(sql`coalesce(profiles.region = ${region}, false)`, "desc").orderBy("profiles.created_at", "desc").orderBy("profiles.id", "desc");
  const rows = await query.execute();
  return rows.map((row) => toMemberCard(site, today, row));
}

function newestWithPhoto(db: Kysely<Database>, { site, today, limit }: { site: Site; today: string; limit: number }) {
  return findableProfiles(db, { site, today })
    .innerJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
    .select([...CARD_COLUMNS, "photos.filename", "photos.thumb_filename"])
    .orderBy("profiles.created_at", "desc")
    .orderBy("profiles.id", "desc")
    .limit(limit);
}
