/**
 * Why a visitor is asked to sign up: they tapped like, message or gift on a member. The signup then
 * says so ("Sign up free to like Kees") and, once done, leads back to the page they were on.
 */
export const SIGNUP_INTENTS = ["like", "message", "gift"] as const;
export type SignupIntent = (typeof SIGNUP_INTENTS)[number];
export type SignupReason = { intent: SignupIntent; profileId: number; name: string };

/** The signup page, with the reason and the way back when there is one (the phone's and no-JavaScript way). */
export function signupHref(reason: Omit<SignupReason, "name"> | undefined, returnTo: string): string {
  if (!reason) return "/signup";
  return `/signup?${new URLSearchParams({ to: reason.intent, profile: String(reason.profileId), redirectTo: returnTo })}`;
}

/** The reason a signup page's query names; the member's name comes from the store, never from the query. */
export function readSignupIntent(query: URLSearchParams): { intent: SignupIntent; profileId: number } | undefined {
  const intent = query.get("to");
  const profileId = Number(query.get("profile"));
  if (!SIGNUP_INTENTS.includes(intent as SignupIntent) || !Number.isSafeInteger(profileId) || profileId < 1) return undefined;
  return { intent: intent as SignupIntent, profileId };
}
