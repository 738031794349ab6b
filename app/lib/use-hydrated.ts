import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and until React runs in the browser: a JavaScript-only control waits for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false
  );
}
