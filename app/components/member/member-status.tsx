import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { apiFetch } from "../../lib/api";
import { attentionCount, titleWithCount } from "../../lib/navigation";
import { startRefreshing } from "../../lib/refresh";

/** What the navigation, the banners and the title show about the signed-in member, kept current. */
export type MemberStatus = {
  status: "not_confirmed" | "confirmed" | "deleted";
  profileStatus: "active" | "disabled" | "deleted";
  notificationsDisabled: string[];
  hasMainPhoto: boolean;
  paidUser: boolean;
  credits: number;
  newLikes: number;
  unreadMessages: number;
};

type MemberStatusContext = {
  member: MemberStatus | null;
  pushSubscribed: boolean;
  setPushSubscribed: (subscribed: boolean) => void;
  /** Fetch the user and the likes now (after an auto-like, say) instead of at the next tick. */
  refresh: () => Promise<void>;
};

const Context = createContext<MemberStatusContext>({
  member: null,
  pushSubscribed: false,
  setPushSubscribed: () => {},
  refresh: async () => {},
});

export const useMemberStatus = () => useContext(Context);

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

async function fetchStatus(): Promise<Partial<MemberStatus> | "signed-out"> {
  const [userResponse, likesResponse] = await Promise.all([apiFetch("/api/user.php"), apiFetch("/api/likes.php")]);
  if (userResponse.status === 403) return "signed-out";
  if (!userResponse.ok || !likesResponse.ok) return {};
  const { user } = (await userResponse.json()) as UserAnswer;
  const likes = (await likesResponse.json()) as LikesAnswer;
  return {
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
  const refresh = useCallback(async () => {
    const fresh = await fetchStatus().catch(() => ({}));
    if (fresh === "signed-out") return window.location.reload();
    setPolled((current) => ({ since: current.since, status: { ...current.status, ...fresh } }));
  }, []);

  useEffect(() => {
    if (signedIn) return startRefreshing(refresh, pushSubscribed);
  }, [signedIn, pushSubscribed, refresh]);

  useAttentionCount(member ? attentionCount(member) : 0);

  const value = useMemo(() => ({ member, pushSubscribed, setPushSubscribed, refresh }), [member, pushSubscribed, refresh]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
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
