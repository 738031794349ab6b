import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { MemberEvent } from "../../../server/chat/events";
import type { ProfileStatus } from "../../../server/db/schema";
import { apiFetch } from "../../lib/api";
import { attentionCount, titleWithCount } from "../../lib/navigation";
import { startRefreshing } from "../../lib/refresh";
import { usePageHiddenBeacon } from "../../lib/use-page-hidden-beacon";

/** What the navigation, the banners and the title show about the signed-in member, kept current. */
export type MemberStatus = {
  status: "not_confirmed" | "confirmed" | "deleted";
  profileStatus: ProfileStatus;
  notificationsDisabled: string[];
  hasMainPhoto: boolean;
  paidUser: boolean;
  credits: number;
  newLikes: number;
  unreadMessages: number;
  /** The time bonus's seconds left when the page was drawn (server/promotions/offers.ts); 0: none. */
  timeBonusSecondsLeft: number;
  /** Whole hours of the welcome discount left; 0: none. */
  welcomeHoursLeft: number;
};

type MemberStatusContext = {
  member: MemberStatus | null;
  pushSubscribed: boolean;
  setPushSubscribed: (subscribed: boolean) => void;
  /** Fetch the user and the likes now (after an auto-like, say) instead of at the next tick. */
  refresh: () => Promise<void>;
  /** Takes numbers an answer of the server already brought (the balance after a send, say). */
  update: (status: Partial<MemberStatus>) => void;
  /** Hears the tab's live events (§2 real-time); answers the function that stops hearing them. */
  subscribe: (handler: MemberEventHandler) => () => void;
};

export type { MemberEvent };
export type MemberEventHandler = (event: MemberEvent) => void;

const Context = createContext<MemberStatusContext>({
  member: null,
  pushSubscribed: false,
  setPushSubscribed: () => {},
  refresh: async () => {},
  update: () => {},
  subscribe: () => () => {},
});

export const useMemberStatus = () => useContext(Context);

/** Calls `handler` with every live event of the signed-in member's tab while the component is mounted. */
export function useMemberEvents(handler: MemberEventHandler): void {
  const { subscribe } = useContext(Context);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  }, [handler]);
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

type UserAnswer = {
  user: {
    status: MemberStatus["status"];
    credits: number;
    notifications_disabled: string[];
    paid_user: boolean;
    profile: { status: MemberStatus["profileStatus"]; main_image: unknown };
  };
};
type LikesAnswer = { liked_by: { like_new: boolean }[] };
type ChatsAnswer = { chats: { num_unread_messages: number }[] };

async function fetchStatus(): Promise<Partial<MemberStatus> | "signed-out"> {
  const [userResponse, likesResponse, chatsResponse] = await Promise.all([apiFetch("/api/user.php"), apiFetch("/api/likes.php"), apiFetch("/api/chats.php")]);
  if (userResponse.status === 403) return "signed-out";
  if (!userResponse.ok || !likesResponse.ok || !chatsResponse.ok) return {};
  const { user } = (await userResponse.json()) as UserAnswer;
  const likes = (await likesResponse.json()) as LikesAnswer;
  const { chats } = (await chatsResponse.json()) as ChatsAnswer;
  return {
    unreadMessages: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0),
    status: user.status,
    credits: user.credits,
    notificationsDisabled: user.notifications_disabled,
    paidUser: user.paid_user,
    profileStatus: user.profile.status,
    hasMainPhoto: Boolean(user.profile.main_image),
    newLikes: likes.liked_by.filter((like) => like.like_new).length,
  };
}

/**
 * Holds the member's status from the server render and refreshes it on the timers of §9: first
 * after 5 s, then every 60 s (300 s with push), only while signed in and without visible progress.
 * It also puts the '(n)' prefix on the page title and the same number on the app badge (§2).
 */
export function MemberStatusProvider({ initial, children }: { initial: MemberStatus | null; children: ReactNode }) {
  const [polled, setPolled] = useState<{ since: MemberStatus | null; status: Partial<MemberStatus> }>({ since: initial, status: {} });
  const [pushSubscribed, setPushSubscribed] = useState(false);
  // A new server render (navigation, action) is the freshest word: earlier polls give way to it.
  if (polled.since !== initial) setPolled({ since: initial, status: {} });
  const member = useMemo(() => initial && { ...initial, ...polled.status }, [initial, polled.status]);

  const signedIn = initial !== null;
  const update = useCallback((status: Partial<MemberStatus>) => {
    setPolled((current) => ({ since: current.since, status: { ...current.status, ...status } }));
  }, []);
  const refresh = useCallback(async () => {
    const fresh = await fetchStatus().catch(() => ({}));
    if (fresh === "signed-out") return window.location.reload();
    update(fresh);
  }, [update]);

  useEffect(() => {
    if (signedIn) return startRefreshing(refresh, pushSubscribed);
  }, [signedIn, pushSubscribed, refresh]);

  const handlers = useRef(new Set<MemberEventHandler>());
  const subscribe = useCallback((handler: MemberEventHandler) => {
    handlers.current.add(handler);
    return () => void handlers.current.delete(handler);
  }, []);
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
      for (const handler of handlers.current) handler(event);
    },
    [update, refresh],
  );
  useEffect(() => {
    if (signedIn) return listen(onEvent);
  }, [signedIn, onEvent]);
  usePageHiddenBeacon(signedIn);

  useAttentionCount(member ? attentionCount(member) : 0);

  const value = useMemo(
    () => ({ member, pushSubscribed, setPushSubscribed, refresh, update, subscribe }),
    [member, pushSubscribed, refresh, update, subscribe],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
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

type BadgingNavigator = Navigator & {
  setAppBadge?: (count: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

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
