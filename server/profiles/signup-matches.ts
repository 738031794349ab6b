import type { Kysely } from "kysely";
import type { Member } from "../accounts/member";
import type { Database } from "../db/schema";
import { searchMembers, type SearchCard } from "../search/search";
import { defaultFilters } from "../search/state";
import type { Site } from "../sites/schema";

/** How many profiles the screen after signup shows. */
export const SIGNUP_MATCHES_SHOWN = 12;

/**
 * The first profiles a new member meets: what their search would show first (the pool, niche and
 * blocks rules of search), newest first. The match finder ranks by what two members share.
 */
export async function findSignupMatches(db: Kysely<Database>, { site, member, today }: { site: Site; member: Member; today: string }): Promise<SearchCard[]> {
  const page = await searchMembers(db, { site, viewerProfileId: member.profileId, filters: defaultFilters(site, member), today, pageSize: SIGNUP_MATCHES_SHOWN, count: false });
  return page.results;
}
