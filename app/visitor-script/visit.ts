import { LANDER_VISIT_PATH } from "../../server/analytics/lander-visit-path";

/**
 * A lander's visit (a page of the lander layout), told once by the page the visitor landed on (its request may never reach us:
 * the page cache or a CDN answers it). The address carries the page's query: the traffic source.
 */
export function tellVisit(): void {
  if (!document.querySelector("[data-lander]")) return;
  void fetch(LANDER_VISIT_PATH + window.location.search, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: window.location.pathname }),
    keepalive: true,
  }).catch(() => undefined);
}
