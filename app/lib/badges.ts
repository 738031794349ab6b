/** The navigation's badge rules (§2) and the refresh timers (§9), kept pure so tests can state them. */

export const UNREAD_BADGE_CAP = 99;
export const CREDITS_BADGE_AT = 10;

/** A count badge: nothing at 0, the number up to 99, then "99+". */
export function countBadge(count: number): string | undefined {
  if (!(count > 0)) return undefined;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(count));
}

export type CreditsBadge = { text: string; tone: "warning" | "danger" };

/** Paid members' credits badge: shown at 10 or fewer, in the warning colour above 0, danger at 0. */
export function creditsBadge(credits: number): CreditsBadge | undefined {
  if (credits > CREDITS_BADGE_AT) return undefined;
  return { text: String(Math.max(0, credits)), tone: credits > 0 ? "warning" : "danger" };
}

/** What the title prefix and the app badge count: unread messages plus new likes (§2). */
export function attentionCount({ unreadMessages, newLikes }: { unreadMessages: number; newLikes: number }): number {
  return Math.max(0, unreadMessages) + Math.max(0, newLikes);
}

const PREFIX = /^\(\d+\) /;

/** The page title with '(n)' in front when n is above zero, replacing any earlier prefix. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(PREFIX, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

export const FIRST_REFRESH_MS = 5_000;
export const REFRESH_MS = 60_000;
export const PUSH_REFRESH_MS = 300_000;

/** When the user, chats and likes are fetched again while signed in (§9). */
export function refreshDelays(pushSubscribed: boolean): { first: number; every: number } {
  return { first: FIRST_REFRESH_MS, every: pushSubscribed ? PUSH_REFRESH_MS : REFRESH_MS };
}
