import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Member } from "../../server/accounts/member";
import { localeCookie } from "../../server/http/cookies";
import { isLanguage, type Language } from "../../server/i18n/languages";

/** Where signing in and the home of a member lead (§2). */
export const MEMBER_HOME = "/members";
/** Where a member banned by staff is sent when they sign in (§8 ban page). */
export const BAN_PAGE = "/pages/ban";

/** The signed-in member, or a redirect to the login route that comes back here afterwards. */
export function requireMember(context: AppLoadContext, request: Request): Member {
  if (context.member) return context.member;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** Signed-in visitors have no business on the signup and login screens: they go home (§2). */
export function redirectMembersHome(context: AppLoadContext): void {
  if (context.member) throw redirect(MEMBER_HOME);
}

/** The §8 answer of an API call that needs a session; the app then signs the visitor out silently. */
export function authenticationRequired(): Response {
  return Response.json({ data: "authentication_required" }, { status: 403, headers: { "Cache-Control": "no-store" } });
}

/**
 * Signs an account in on this browser: a new session (the old one of this browser ends), and the
 * member's own language when the site shows it to them. Answers the Set-Cookie headers.
 */
export async function signIn(context: AppLoadContext, accountId: number, language?: string): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await context.services.sessions.start({ siteId: context.site.id, accountId, replacing: context.sessionId }));
  if (language && isLanguage(language) && context.visibleLanguages.includes(language as Language)) headers.append("Set-Cookie", localeCookie(language));
  return headers;
}
