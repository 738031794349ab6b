/** The like modal's address parameters (§4) and timing (§9), without React so tests can read them. */

/** §9: the likes list reloads this long after an auto-like. */
export const LIKES_RELOAD_MS = 500;
const LONGEST_WAIT_S = 600;

export type AutoLikeQuery = { delayMs: number; profile: string | null };

/** `?t=` seconds (and an optional `profile=`) as the like modal reads them; anything else is ignored. */
export function readAutoLikeQuery(params: URLSearchParams): AutoLikeQuery | undefined {
  const seconds = params.get("t");
  if (seconds === null || !/^\d{1,6}$/.test(seconds)) return undefined;
  const profile = params.get("profile");
  return {
    delayMs: Math.min(Number(seconds), LONGEST_WAIT_S) * 1000,
    profile: profile && /^\d{1,16}$/.test(profile) ? profile : null,
  };
}
