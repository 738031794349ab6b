import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";

/** How long after the last sign of life a member still counts as online. */
export const ONLINE_MS = 5 * 60_000;
/** How long after it a card still says "recently online". */
export const RECENTLY_MS = 24 * 3_600_000;

export type Presence = "online" | "recent";

/** The beacon a members' tab sends when it goes out of sight (§7); it is not itself a sign of life. */
export const PAGE_HIDDEN_PATH = "/api/page-hidden.php";

/** Records that the member's tab went away (the beacon): they stop counting as online until their next sign of life. */
export async function markHidden(db: Kysely<Database>, { siteId, profileId }: { siteId: string; profileId: number }): Promise<void> {
  await db.updateTable("profiles").set({ hidden_at: new Date() }).where("id", "=", profileId).where("site_id", "=", siteId).execute();
}

/**
 * Whether the member has a tab open now: an open event stream on any instance (this one's streams
 * directly, another's through the heartbeat it writes every minute), or a request within ONLINE_MS
 * not followed by page-hidden. Notifications ask this to skip an e-mail the member would not need.
 */
export async function isOnline(services: Services, { accountId }: { accountId: number }): Promise<boolean> {
  const row = await services.store.db
    .selectFrom("profiles")
    .select(["id", "last_seen_at", "hidden_at"])
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) return false;
  if (services.presence.hasStream(row.id)) return true;
  const noted = services.presence.pendingSince(row.id);
  const lastSeen = Math.max(row.last_seen_at?.getTime() ?? 0, noted?.getTime() ?? 0);
  if (lastSeen === 0 || Date.now() - lastSeen >= ONLINE_MS) return false;
  return row.hidden_at === null || row.hidden_at.getTime() < lastSeen;
}

/** What a card or profile shows; null for invisible members and after RECENTLY_MS. */
export function presenceOf(lastSeenAt: Date | null, invisible: boolean, now: Date): Presence | null {
  if (invisible || lastSeenAt === null) return null;
  const ago = now.getTime() - lastSeenAt.getTime();
  if (ago < ONLINE_MS) return "online";
  return ago < RECENTLY_MS ? "recent" : null;
}
