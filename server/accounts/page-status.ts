import type { Kysely } from "kysely";
import { dismissalsByBanner, dismissalsQuery } from "../banners/dismissals";
import { unreadTotalQuery } from "../chat/conversations";
import type { Database } from "../db/schema";
import { newLikesCount } from "../likes/lists";
import type { Site } from "../sites/schema";
import type { Member } from "./member";

export type PageStatus = { newLikes: number; unreadMessages: number; dismissedBanners: Record<string, string> };

/**
 * What every signed-in page shows beside the member of the request context: the new-likes and
 * unread-messages badges (§2) and the banners the member dismissed, read in one round trip.
 */
export async function pageStatus(db: Kysely<Database>, { site, member, today }: { site: Site; member: Member; today: string }): Promise<PageStatus> {
  const row = await db
    .selectNoFrom([
      newLikesCount(db, { site, viewerProfileId: member.profileId, today }).as("newLikes"),
      unreadTotalQuery(db, { profileId: member.profileId }).as("unreadMessages"),
      dismissalsQuery(db, member.accountId).as("dismissals"),
    ])
    .executeTakeFirstOrThrow();
  return { newLikes: Number(row.newLikes), unreadMessages: Number(row.unreadMessages), dismissedBanners: dismissalsByBanner(row.dismissals) };
}
