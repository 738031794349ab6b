import { useEffect } from "react";
import { LANDER_VISIT_PATH } from "../../server/analytics/lander-visit-path";

/**
 * A lander's visit, told once by the page the visitor landed on (its request may never reach us: a
 * page cache or CDN answers it). The address carries the page's query: the traffic source. A
 * client-side navigation into a lander is no new visit: the document loaded was another page.
 */
export function useLanderVisit() {
  useEffect(() => {
    const [loaded] = performance.getEntriesByType("navigation");
    if (!loaded || new URL(loaded.name).pathname !== window.location.pathname) return;
    void fetch(LANDER_VISIT_PATH + window.location.search, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: window.location.pathname }),
      keepalive: true,
    }).catch(() => undefined);
  }, []);
}
