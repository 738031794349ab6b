import { serialize } from "cookie";

export const LOCALE_COOKIE = "locale";
export const SITE_ENTRY_COOKIE = "site_entry_skipped";
export const SEARCH_COOKIE = "search";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The chosen language, kept 365 days (§9). */
export function localeCookie(language: string): string {
  return serialize(LOCALE_COOKIE, language, { path: "/", maxAge: YEAR_SECONDS, sameSite: "lax" });
}

/** When the visitor closed the site-entry warning (§2). */
export function siteEntryCookie(skippedAt: number): string {
  return serialize(SITE_ENTRY_COOKIE, String(skippedAt), { path: "/", maxAge: YEAR_SECONDS, sameSite: "lax" });
}

/** The member search filters, so a visitor finds them again (§3 search state). */
export function searchCookie(query: string): string {
  return serialize(SEARCH_COOKIE, query, { path: "/", maxAge: 30 * 24 * 60 * 60, sameSite: "lax", httpOnly: true });
}

/** Forgets the search a visitor made before signing up: the new member's search starts from whom they look for. */
export function forgetSearchCookie(): string {
  return serialize(SEARCH_COOKIE, "", { path: "/", maxAge: 0, sameSite: "lax", httpOnly: true });
}
