import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { MemberEvent } from "../../../server/chat/events";
import type { ProfileStatus } from "../../../server/db/schema";
import { apiFetch } from "../../lib/api";
import { usePageHiddenBeacon } from "../../lib/use-page-hidden-beacon";
import { memberParts } from "./deferred-member-parts";

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

/** The app badge of an installed app (§2), where the browser has one. */
export type BadgingNavigator = Navigator & {
  setAppBadge?: (count: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

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

// The timers, the event stream and the title's count run in a member's tab only: they come with the
// members' parts, not in every visitor's page.
const MemberStatusLive = memberParts.part((module) => module.MemberStatusLive);

/**
 * Holds the member's status from the server render and keeps it current while signed in (see
 * MemberStatusLive): refreshed on the timers of §9, moved by the tab's live events.
 */
export function MemberStatusProvider({ initial, children }: { initial: MemberStatus | null; children: ReactNode }) {
  const [polled, setPolled] = useState<{ since: MemberStatus | null; status: Partial<MemberStatus> }>({ since: initial, status: {} });
  const [pushSubscribed, setPushSubscribed] = useState(false);
  // A new server render (navigation, action) is the freshest word: earlier polls give way to it.
  if (polled.since !== initial) setPolled({ since: initial, status: {} });
  const member = useMemo(() => initial && { ...initial, ...polled.status }, [initial, polled.status]);

  const update = useCallback((status: Partial<MemberStatus>) => {
    setPolled((current) => ({ since: current.since, status: { ...current.status, ...status } }));
  }, []);
  const refresh = useCallback(async () => {
    const fresh = await fetchStatus().catch(() => ({}));
    if (fresh === "signed-out") return window.location.reload();
    update(fresh);
  }, [update]);

  const handlers = useRef(new Set<MemberEventHandler>());
  const subscribe = useCallback((handler: MemberEventHandler) => {
    handlers.current.add(handler);
    return () => void handlers.current.delete(handler);
  }, []);
  const deliver = useCallback((event: MemberEvent) => {
    for (const handler of handlers.current) handler(event);
  }, []);

  const signedIn = member !== null;
  // From hydration on, not once the members' parts are here: a tab left at once must still say so.
  usePageHiddenBeacon(signedIn);
  // The live part counts on the app's badge while signed in; signed out (after logging out, say) it counts nothing.
  useEffect(() => {
    if (!signedIn) (navigator as BadgingNavigator).clearAppBadge?.().catch(() => undefined);
  }, [signedIn]);

  const value = useMemo(
    () => ({ member, pushSubscribed, setPushSubscribed, refresh, update, subscribe }),
    [member, pushSubscribed, refresh, update, subscribe],
  );
  return (
    <Context.Provider value={value}>
      {children}
      {member ? <MemberStatusLive member={member} pushSubscribed={pushSubscribed} refresh={refresh} update={update} deliver={deliver} /> : null}
    </Context.Provider>
  );
}
