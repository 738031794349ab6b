import { describe, expect, it } from "vitest";
import {
  chooseBanners,
  DISMISSAL_DAYS,
  disabledReasons,
  EXCLUDED_ROUTES,
  MAX_BANNERS,
  type BannerInput,
  type BannerMember,
  type BannerName,
  type PushState,
} from "../../app/lib/banners";

const NOW = new Date("2026-11-25T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

/** A confirmed member with a photo, on a page every banner may show on: no banner holds. */
const settled: BannerMember = { status: "confirmed", profileStatus: "active", notificationsDisabled: [], hasMainPhoto: true };
const unconfirmed: BannerMember = { status: "not_confirmed", profileStatus: "disabled", notificationsDisabled: [], hasMainPhoto: false };
const pushNone: PushState = { capable: false, permission: "default", subscribed: false, hasKey: true };
const pushReady: PushState = { capable: true, permission: "default", subscribed: false, hasKey: true };

function input(overrides: Partial<BannerInput> & { member?: BannerMember | null }): BannerInput {
  return { member: settled, routeId: "members", phone: false, query: new URLSearchParams(), push: pushNone, dismissed: {}, now: NOW, ...overrides };
}
const shown = (overrides: Partial<BannerInput>) => chooseBanners(input(overrides)).banners;

/** The smallest situation in which each banner's condition holds. */
const holding: Record<BannerName, Partial<BannerInput>> = {
  activation: { member: unconfirmed },
  photo: { member: { ...settled, hasMainPhoto: false } },
  push: { push: pushReady },
  notifications: { member: { ...settled, notificationsDisabled: ["bounce"] } },
};

describe("warning banners (§4)", () => {
  it("shows nothing to a visitor or to a settled member", () => {
    expect(shown({ member: null, push: pushReady })).toEqual([]);
    expect(shown({})).toEqual([]);
  });

  describe("activation reminder", () => {
    it("shows when the account is not confirmed, the profile disabled and no notifications disabled", () => {
      expect(shown({ member: unconfirmed })).toEqual(["activation"]);
    });

    it.each([
      ["the account is confirmed", { ...unconfirmed, status: "confirmed" as const }],
      ["the profile is active", { ...unconfirmed, profileStatus: "active" as const }],
      ["notifications are disabled", { ...unconfirmed, notificationsDisabled: ["bounce"] }],
    ])("does not show when %s", (_, member) => {
      expect(shown({ member })).not.toContain("activation");
    });

    it("cannot be dismissed", () => {
      expect(shown({ member: unconfirmed, dismissed: { activation: daysAgo(1) } })).toEqual(["activation"]);
    });

    it("is a modal on a phone when the query has api_signup_complete", () => {
      const query = new URLSearchParams("api_signup_complete=1");
      expect(chooseBanners(input({ member: unconfirmed, phone: true, query })).activationModal).toBe(true);
      expect(chooseBanners(input({ member: unconfirmed, phone: false, query })).activationModal).toBe(false);
      expect(chooseBanners(input({ member: unconfirmed, phone: true })).activationModal).toBe(false);
    });

    it("is no modal where it does not show", () => {
      const query = new URLSearchParams("api_signup_complete");
      expect(chooseBanners(input({ member: unconfirmed, phone: true, query, routeId: "settings" })).activationModal).toBe(false);
      expect(chooseBanners(input({ member: settled, phone: true, query })).activationModal).toBe(false);
    });
  });

  describe("add-a-photo alert", () => {
    it("shows when there is no main image", () => {
      expect(shown(holding.photo)).toEqual(["photo"]);
    });

    it("waits while the activation reminder holds (otherwise, §4)", () => {
      expect(shown({ member: unconfirmed })).not.toContain("photo");
    });

    it("shows for an unconfirmed member whose notifications are disabled (no reminder then)", () => {
      expect(shown({ member: { ...unconfirmed, notificationsDisabled: ["spam"] } })).toEqual(["notifications", "photo"]);
    });
  });

  describe("push opt-in alert", () => {
    it("shows when push is capable, not denied, not subscribed and the site has a key", () => {
      expect(shown(holding.push)).toEqual(["push"]);
      expect(shown({ push: { ...pushReady, permission: "granted" } })).toEqual(["push"]);
    });

    it.each([
      ["push is not possible in this browser", { ...pushReady, capable: false }],
      ["the member denied notifications", { ...pushReady, permission: "denied" as const }],
      ["this browser is subscribed", { ...pushReady, subscribed: true }],
      ["the site has no push key", { ...pushReady, hasKey: false }],
    ])("does not show when %s", (_, push) => {
      expect(shown({ push })).toEqual([]);
    });
  });

  describe("disabled-notifications alert", () => {
    it("shows when notifications_disabled is not empty", () => {
      expect(shown(holding.notifications)).toEqual(["notifications"]);
      expect(shown({ member: { ...settled, notificationsDisabled: [] } })).toEqual([]);
    });

    it("names each reason once, and an unknown one generally", () => {
      expect(disabledReasons(["bounce", "hard_bounce", "spam_report", "list-unsubscribe", "admin"])).toEqual(["bounce", "spam", "unsubscribe", "other"]);
      expect(disabledReasons(["complaint"])).toEqual(["spam"]);
    });
  });

  describe("route exclusions", () => {
    // §4's, and the page right after signup, which is the one "check your mailbox" message itself.
    const expected: Record<BannerName, string[]> = {
      activation: ["signup", "complete-signup", "settings", "notifications"],
      photo: ["profile", "signup", "activate-done", "premium", "notifications", "directdebit", "settings"],
      push: ["signup", "complete-signup", "notifications", "activate-done", "directdebit", "premium"],
      notifications: ["settings", "notifications"],
    };

    it("are exactly those of §4 and the page after signup", () => {
      expect(EXCLUDED_ROUTES).toEqual(expected);
    });

    const allRoutes = [...new Set(Object.values(expected).flat()), "members", "likes", "members-id", "index"];
    it.each((Object.keys(expected) as BannerName[]).flatMap((banner) => allRoutes.map((routeId) => [banner, routeId] as const)))(
      "%s on %s",
      (banner, routeId) => {
        const visible = shown({ ...holding[banner], routeId }).includes(banner);
        expect(visible).toBe(!expected[banner].includes(routeId));
      },
    );
  });

  describe("dismissals", () => {
    it.each(["photo", "push", "notifications"] as const)("hide %s for %i days from the dismissal", (banner) => {
      expect(shown({ ...holding[banner], dismissed: { [banner]: daysAgo(0) } })).toEqual([]);
      expect(shown({ ...holding[banner], dismissed: { [banner]: daysAgo(DISMISSAL_DAYS - 0.01) } })).toEqual([]);
      expect(shown({ ...holding[banner], dismissed: { [banner]: daysAgo(DISMISSAL_DAYS) } })).toEqual([banner]);
    });

    it("hide only the banner dismissed, and ignore an unreadable time", () => {
      expect(shown({ ...holding.photo, push: pushReady, dismissed: { push: daysAgo(1) } })).toEqual(["photo"]);
      expect(shown({ ...holding.photo, dismissed: { photo: "yesterday" } })).toEqual(["photo"]);
    });
  });

  describe("several at once", () => {
    it(`show at most ${MAX_BANNERS}, most urgent first`, () => {
      const member = { ...settled, hasMainPhoto: false, notificationsDisabled: ["bounce"] };
      expect(shown({ member, push: pushReady })).toEqual(["notifications", "photo"]);
      expect(shown({ member: unconfirmed, push: pushReady })).toEqual(["activation", "push"]);
    });

    it("let the next one take a dismissed one's place", () => {
      const member = { ...settled, hasMainPhoto: false, notificationsDisabled: ["bounce"] };
      expect(shown({ member, push: pushReady, dismissed: { notifications: daysAgo(2) } })).toEqual(["photo", "push"]);
    });
  });
});
