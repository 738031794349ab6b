import { useLocation } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import { attentionCount, titleWithCount } from "../../lib/navigation";
import { startRefreshing } from "../../lib/refresh";
import type { BadgingNavigator, MemberEvent, MemberStatus } from "./member-status";

type Props = {
  member: MemberStatus;
  pushSubscribed: boolean;
  refresh: () => Promise<void>;
  update: (status: Partial<MemberStatus>) => void;
  /** Hands an event on to the components that hear the tab's live events. */
  deliver: (event: MemberEvent) => void;
};

/**
 * What keeps a signed-in member's tab current, for MemberStatusProvider: the refresh on the timers
 * of §9 (first after 5 s, then every 60 s, 300 s with push), the tab's live events, and the '(n)'
 * prefix on the page title with the same number on the app badge (§2).
 */
export function MemberStatusLive({ member, pushSubscribed, refresh, update, deliver }: Props) {
  useEffect(() => startRefreshing(refresh, pushSubscribed), [pushSubscribed, refresh]);
  const onEvent = useCallback(
    (event: MemberEvent) => {
      if (event.type === "message") update({ ...(event.unread !== undefined && { unreadMessages: event.unread }), ...(event.credits !== undefined && { credits: event.credits }) });
      else if (event.type === "counts") {
        update({
          ...(event.unread_messages !== undefined && { unreadMessages: event.unread_messages }),
          ...(event.new_likes !== undefined && { newLikes: event.new_likes }),
          ...(event.credits !== undefined && { credits: event.credits }),
        });
      } else if (event.type === "payment") update({ paidUser: event.paid_user });
      else if (event.type === "resync") void refresh();
      deliver(event);
    },
    [update, refresh, deliver],
  );
  useEffect(() => listen(onEvent), [onEvent]);
  useAttentionCount(attentionCount(member));
  return null;
}

const EVENT_TYPES: MemberEvent["type"][] = ["message", "typing", "read", "removed", "counts", "payment", "resync"];
const REOPEN_MS = 3_000;
const REOPEN_MAX_MS = 60_000;

/**
 * One event stream per signed-in tab (effects run only in the browser, after hydration). The
 * browser reconnects by itself and catches up with Last-Event-ID; when the server refused the
 * stream outright, it opens a new one later. Either way, after a break the counts may be stale:
 * listeners get a resync, and the provider refreshes. A stream the server closed for the member's
 * newer tab stays closed (the periodic refresh goes on) until the person comes back to this tab:
 * reopening at once would close another tab, which would reopen, and so on.
 */
function listen(onEvent: (event: MemberEvent) => void): () => void {
  if (typeof EventSource === "undefined") return () => {};
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let broken = false;
  let delay = REOPEN_MS;
  let madeWay = false;
  const reopenWhenSeen = () => {
    if (!madeWay || document.visibilityState !== "visible") return;
    madeWay = false;
    open();
  };
  const open = () => {
    source = new EventSource("/api/events");
    source.onopen = () => {
      // A mark that live events flow: browser tests wait for it before the other side acts.
      document.documentElement.dataset.live = "open";
      delay = REOPEN_MS;
      if (broken) onEvent({ type: "resync" });
      broken = false;
    };
    source.onerror = () => {
      broken = true;
      if (source?.readyState !== EventSource.CLOSED) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, REOPEN_MAX_MS);
    };
    source.addEventListener("closed", () => {
      source?.close();
      broken = true;
      madeWay = true;
    });
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        try {
          onEvent(JSON.parse((message as MessageEvent<string>).data) as MemberEvent);
        } catch {
          // A frame we cannot read is skipped; the next refresh covers it.
        }
      });
    }
  };
  open();
  document.addEventListener("visibilitychange", reopenWhenSeen);
  return () => {
    document.removeEventListener("visibilitychange", reopenWhenSeen);
    clearTimeout(timer);
    source?.close();
  };
}

function useAttentionCount(count: number) {
  const { key } = useLocation();
  useEffect(() => {
    // Each route's meta sets a bare title on navigation; the prefix goes on after it.
    document.title = titleWithCount(document.title, count);
    const badging = navigator as BadgingNavigator;
    const update = count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.();
    update?.catch(() => undefined);
  }, [count, key]);
}
