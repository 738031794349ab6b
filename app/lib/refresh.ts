/** The refresh timers of §9: user, chats and likes while signed in. */

export const FIRST_REFRESH_MS = 5_000;
export const REFRESH_MS = 60_000;
export const PUSH_REFRESH_MS = 300_000;

/** When the user, chats and likes are fetched again while signed in (§9). */
export function refreshDelays(pushSubscribed: boolean): {
  first: number;
  every: number;
} {
  return {
    first: FIRST_REFRESH_MS,
    every: pushSubscribed ? PUSH_REFRESH_MS : REFRESH_MS,
  };
}

/** Runs `refresh` on those timers until the returned function stops it. */
export function startRefreshing(refresh: () => unknown, pushSubscribed: boolean): () => void {
  const { first, every } = refreshDelays(pushSubscribed);
  let timer = setTimeout(function tick() {
    refresh();
    timer = setTimeout(tick, every);
  }, first);
  return () => clearTimeout(timer);
}
