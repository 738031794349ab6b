/** §8/§9: after a chunk-load failure the page reloads once, and at most once per 60 seconds. */
export const RELOAD_GUARD_MS = 60_000;
const LAST_RELOAD_KEY = "chunk-reload-at";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

/**
 * Reloads the page after a script of the app failed to load (a deploy replaced it, the connection
 * dropped), unless this tab did so within the guard: then it answers false and the failure takes its
 * normal course (the error page) rather than a reload loop. Without storage to remember the last
 * reload, it never reloads: nothing could stop the loop.
 */
export function reloadAfterChunkFailure({ storage, now = Date.now(), reload }: { storage: Storage | undefined; now?: number; reload: () => void }): boolean {
  if (!storage) return false;
  const last = Number(storage.getItem(LAST_RELOAD_KEY));
  if (last && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** The tab's session storage, when the browser lets the page use it. */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Listens for Vite's event of a script or stylesheet that did not load (every lazy part of a page
 * comes through it). Offline, the connection is the cause and a reload would only show the
 * browser's offline page: the part tries again when it is next needed.
 */
export function reloadOnChunkFailure(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (navigator.onLine && reloadAfterChunkFailure({ storage: sessionStore(), reload: () => window.location.reload() })) event.preventDefault();
  });
}
