import { BOUNCE_LOG_PARAM, PAGE_BOUNCE_PATH } from "../../server/analytics/bounce-log";

/**
 * Page-bounce logging (§4) on a lander opened with `lb` in its address: one beacon as the visitor
 * leaves, with the time on the page and whether they went on to a page of the site (they followed
 * one of its links) or left.
 */
export function logBounce(): void {
  if (!new URLSearchParams(window.location.search).has(BOUNCE_LOG_PARAM)) return;
  let wentOn = false;
  let sent = false;
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) wentOn = true;
  });
  const left = () => {
    if (sent || document.visibilityState !== "hidden") return;
    sent = true;
    const body = JSON.stringify({ path: window.location.pathname, ms: Math.round(performance.now()), wentOn });
    navigator.sendBeacon(PAGE_BOUNCE_PATH + window.location.search, new Blob([body], { type: "application/json" }));
  };
  document.addEventListener("visibilitychange", left);
  window.addEventListener("pagehide", left);
}
