/** The navigation's rules (§2): badges, the title prefix and the back button, kept pure so tests state them. */

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
  return {
    text: String(Math.max(0, credits)),
    tone: credits > 0 ? "warning" : "danger",
  };
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

/** §2: the back button shows only in installed-app mode, on these routes. */
export const BACK_BUTTON_ROUTES = ["members-id", "likes-type", "likes-m-id", "credits", "credits-id-paymentmethod"];

export function showBackButton(routeId: string | undefined, installedApp: boolean): boolean {
  return installedApp && routeId !== undefined && BACK_BUTTON_ROUTES.includes(routeId);
}

/** The member navigation's entries, by the address each links to. */
export const MEMBER_NAV_ENTRIES = ["/members", "/swipe-game", "/chats", "/likes", "/credits", "/premium"] as const;

/**
 * The entry a page belongs to: its own address or one under it, except that a conversation opened
 * from a profile (/members/{id}/chat) is Messages, and the match finder is Search's Best matches tab.
 */
export function activeNavEntry(pathname: string): (typeof MEMBER_NAV_ENTRIES)[number] | undefined {
  if (/^\/members\/[^/]+\/chat\/?$/.test(pathname)) return "/chats";
  if (pathname === "/match-finder") return "/members";
  return MEMBER_NAV_ENTRIES.find((entry) => pathname === entry || pathname.startsWith(`${entry}/`));
}
