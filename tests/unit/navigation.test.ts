import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readAutoLikeQuery } from "../../app/components/member/auto-like-query";
import { activeNavEntry, attentionCount, BACK_BUTTON_ROUTES, countBadge, creditsBadge, showBackButton, titleWithCount } from "../../app/lib/navigation";
import { FIRST_REFRESH_MS, PUSH_REFRESH_MS, REFRESH_MS, refreshDelays, startRefreshing } from "../../app/lib/refresh";

describe("unread and new-likes badges (§2)", () => {
  it("shows nothing at zero", () => {
    expect(countBadge(0)).toBeUndefined();
    expect(countBadge(-3)).toBeUndefined();
  });

  it("shows the number up to 99", () => {
    expect(countBadge(1)).toBe("1");
    expect(countBadge(99)).toBe("99");
  });

  it("caps at 99+ from 100", () => {
    expect(countBadge(100)).toBe("99+");
    expect(countBadge(4321)).toBe("99+");
  });
});

describe("credits badge of paying members (§2)", () => {
  it("is hidden above 10 credits", () => {
    expect(creditsBadge(11)).toBeUndefined();
    expect(creditsBadge(500)).toBeUndefined();
  });

  it("warns from 10 down to 1", () => {
    expect(creditsBadge(10)).toEqual({ text: "10", tone: "warning" });
    expect(creditsBadge(1)).toEqual({ text: "1", tone: "warning" });
  });

  it("is danger at 0", () => {
    expect(creditsBadge(0)).toEqual({ text: "0", tone: "danger" });
  });
});

describe("title prefix and app badge (§2)", () => {
  it("sums unread messages and new likes", () => {
    expect(attentionCount({ unreadMessages: 3, newLikes: 2 })).toBe(5);
    expect(attentionCount({ unreadMessages: 0, newLikes: 0 })).toBe(0);
  });

  it("prefixes the title only above zero", () => {
    expect(titleWithCount("Likes | FlirtNL", 5)).toBe("(5) Likes | FlirtNL");
    expect(titleWithCount("Likes | FlirtNL", 0)).toBe("Likes | FlirtNL");
  });

  it("replaces an earlier prefix instead of stacking them", () => {
    expect(titleWithCount("(5) Likes | FlirtNL", 6)).toBe("(6) Likes | FlirtNL");
    expect(titleWithCount("(5) Likes | FlirtNL", 0)).toBe("Likes | FlirtNL");
    expect(titleWithCount("(2023) in review", 0)).toBe("in review");
  });
});

describe("back button (§2)", () => {
  it.each(BACK_BUTTON_ROUTES)("shows on %s in installed-app mode", (routeId) => {
    expect(showBackButton(routeId, true)).toBe(true);
  });

  it.each(BACK_BUTTON_ROUTES)("never shows on %s in a browser tab", (routeId) => {
    expect(showBackButton(routeId, false)).toBe(false);
  });

  it.each(["members", "likes", "profile", "chats", "index", undefined])("never shows on %s", (routeId) => {
    expect(showBackButton(routeId, true)).toBe(false);
  });
});

describe("refresh timers (§9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits 5 s, then every 60 s, or 300 s with push", () => {
    expect(refreshDelays(false)).toEqual({ first: 5_000, every: 60_000 });
    expect(refreshDelays(true)).toEqual({ first: 5_000, every: 300_000 });
  });

  it("runs first after 5 s and then on every interval until stopped", () => {
    const refresh = vi.fn();
    const stop = startRefreshing(refresh, false);
    vi.advanceTimersByTime(FIRST_REFRESH_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(4);
    stop();
    vi.advanceTimersByTime(REFRESH_MS * 10);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it("refreshes every 300 s when push is subscribed", () => {
    const refresh = vi.fn();
    const stop = startRefreshing(refresh, true);
    vi.advanceTimersByTime(FIRST_REFRESH_MS + REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PUSH_REFRESH_MS - REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe("like modal query (§4)", () => {
  it("reads t seconds and an optional profile", () => {
    expect(readAutoLikeQuery(new URLSearchParams("t=5"))).toEqual({ delayMs: 5_000, profile: null });
    expect(readAutoLikeQuery(new URLSearchParams("t=0&profile=42"))).toEqual({ delayMs: 0, profile: "42" });
  });

  it("ignores anything that is not a number of seconds, and caps the wait", () => {
    expect(readAutoLikeQuery(new URLSearchParams(""))).toBeUndefined();
    expect(readAutoLikeQuery(new URLSearchParams("t=soon"))).toBeUndefined();
    expect(readAutoLikeQuery(new URLSearchParams("t=-1"))).toBeUndefined();
    expect(readAutoLikeQuery(new URLSearchParams("t=99999"))).toEqual({ delayMs: 600_000, profile: null });
    expect(readAutoLikeQuery(new URLSearchParams("t=3&profile=x1"))).toEqual({ delayMs: 3_000, profile: null });
  });
});

describe("the member navigation's current entry", () => {
  it("is the entry of the page's address or the one it lies under", () => {
    expect(activeNavEntry("/members")).toBe("/members");
    expect(activeNavEntry("/members/123")).toBe("/members");
    expect(activeNavEntry("/likes/m/5")).toBe("/likes");
    expect(activeNavEntry("/chats/9")).toBe("/chats");
    expect(activeNavEntry("/credits/3/ideal")).toBe("/credits");
    expect(activeNavEntry("/settings")).toBeUndefined();
    expect(activeNavEntry("/membership")).toBeUndefined();
  });

  it("puts a conversation opened from a profile under Messages, and the match finder under Search", () => {
    expect(activeNavEntry("/members/123/chat")).toBe("/chats");
    expect(activeNavEntry("/match-finder")).toBe("/members");
  });
});
