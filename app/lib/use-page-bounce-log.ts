import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BOUNCE_LOG_PARAM, PAGE_BOUNCE_PATH } from "../../server/analytics/bounce-log";

/**
 * Page-bounce logging (§4): on a page opened with `lb` in its address, one beacon when the visitor
 * leaves it, with the time on the page and whether they went on to another page of the site or
 * left (the tab hidden or closed). The beacon's address carries the page's query: the traffic source.
 */
export function usePageBounceLog() {
  const { pathname } = useLocation();
  const landed = useRef<{ path: string; query: string; sent: boolean }>();

  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has(BOUNCE_LOG_PARAM)) return;
    const view = { path: window.location.pathname, query: window.location.search, sent: false };
    landed.current = view;
    const left = () => {
      if (document.visibilityState === "hidden") sendBounce(view, false);
    };
    document.addEventListener("visibilitychange", left);
    window.addEventListener("pagehide", left);
    return () => {
      document.removeEventListener("visibilitychange", left);
      window.removeEventListener("pagehide", left);
    };
  }, []);

  useEffect(() => {
    const view = landed.current;
    if (view && pathname !== view.path) sendBounce(view, true);
  }, [pathname]);
}

function sendBounce(view: { path: string; query: string; sent: boolean }, wentOn: boolean) {
  if (view.sent) return;
  view.sent = true;
  const body = JSON.stringify({ path: view.path, ms: Math.round(performance.now()), wentOn });
  navigator.sendBeacon(PAGE_BOUNCE_PATH + view.query, new Blob([body], { type: "application/json" }));
}
