import type { ProfileStatus } from "../../server/db/schema";
/**
 * Which warning banners of §4 a signed-in member sees on a page. Pure, so every condition and
 * route exclusion is a unit test; the components only gather the inputs and draw the answer.
 *
 * Decisions beyond the spec's words:
 * - At most MAX_BANNERS show at once, in BANNER_PRIORITY order, so the page stays calm; the next
 *   one takes a freed place once the member acts on or dismisses one.
 * - A dismissal hides its banner for DISMISSAL_DAYS from its timestamp; after that the banner
 *   returns if its condition still holds (the member still has no photo, say).
 * - The activation reminder cannot be dismissed: an unconfirmed account cannot send messages (§5).
 */

export const BANNER_NAMES = ["activation", "notifications", "photo", "push"] as const;
export type BannerName = (typeof BANNER_NAMES)[number];

/** The banners a member may hide; the activation reminder stays until the account is confirmed. */
export const DISMISSIBLE_BANNERS = ["notifications", "photo", "push"] as const satisfies readonly BannerName[];
export type DismissibleBanner = (typeof DISMISSIBLE_BANNERS)[number];

/** The dismissal the time-bonus popup's closing records (app/components/promotions). */
export const TIME_BONUS_POPUP = "time-bonus";

/** What a member may dismiss through the banners' form: the banners, and the time-bonus popup. */
export const DISMISSIBLE = [...DISMISSIBLE_BANNERS, TIME_BONUS_POPUP] as const;

/** Most urgent first: an account that cannot message, e-mails that no longer arrive, a profile without a face, then push. */
export const BANNER_PRIORITY: readonly BannerName[] = BANNER_NAMES;
export const MAX_BANNERS = 2;
export const DISMISSAL_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The route ids (app/routes.ts) where each banner never shows (§4). The page right after signup
 * (complete-signup) is itself the one "check your mailbox" message with its one resend button:
 * neither the reminder nor the push offer repeats or crowds it there.
 */
export const EXCLUDED_ROUTES: Record<BannerName, readonly string[]> = {
  activation: ["signup", "complete-signup", "settings", "notifications"],
  photo: ["profile", "signup", "activate-done", "premium", "notifications", "directdebit", "settings"],
  push: ["signup", "complete-signup", "notifications", "activate-done", "directdebit", "premium"],
  notifications: ["settings", "notifications"],
};

/** The `reply` field the banners' script adds: POST /api/banners.php then answers data, not a redirect back. */
export const REPLY_WITH_DATA = "data";

/** The query parameter the signup flow adds on arrival; on a phone it opens the reminder as a modal. */
export const SIGNUP_COMPLETE_PARAM = "api_signup_complete";

export type BannerMember = {
  status: "not_confirmed" | "confirmed" | "deleted";
  profileStatus: ProfileStatus;
  notificationsDisabled: readonly string[];
  hasMainPhoto: boolean;
};

/** The browser's push state (§3 Push, §4 "push: unsupported, unknown, prompt, granted, denied"). */
export type PushState = {
  /** Service worker, PushManager and Notification all exist. */
  capable: boolean;
  permission: "default" | "granted" | "denied";
  subscribed: boolean;
  /** The site has a VAPID public key to subscribe with. */
  hasKey: boolean;
};

export type BannerInput = {
  member: BannerMember | null;
  routeId: string | undefined;
  /** Narrower than the md breakpoint, where signup is a page rather than a modal too (§2). */
  phone: boolean;
  query: URLSearchParams;
  push: PushState;
  /** Banner name → ISO time of the dismissal. */
  dismissed: Readonly<Record<string, string>>;
  now: Date;
};

export type BannerChoice = {
  /** The banners to show, most urgent first, at most MAX_BANNERS. */
  banners: BannerName[];
  /** The activation reminder opens as a dialog; the other banners wait behind it until it closes. */
  activationModal: boolean;
};

export function needsActivation(member: BannerMember): boolean {
  return member.status === "not_confirmed" && member.profileStatus === "disabled" && member.notificationsDisabled.length === 0;
}

export function pushAvailable(push: PushState): boolean {
  return push.capable && push.hasKey && push.permission !== "denied" && !push.subscribed;
}

/** Whether a dismissal still hides its banner: for DISMISSAL_DAYS, never when the time is unreadable. */
export function isDismissed(banner: BannerName, dismissed: Readonly<Record<string, string>>, now: Date): boolean {
  if (!(DISMISSIBLE_BANNERS as readonly string[]).includes(banner)) return false;
  const at = dismissed[banner];
  const time = at ? Date.parse(at) : Number.NaN;
  return Number.isFinite(time) && now.getTime() - time < DISMISSAL_DAYS * DAY_MS;
}

/** Whether a banner's own condition holds, before route exclusions, dismissals and the limit. */
function conditionHolds(banner: BannerName, member: BannerMember, push: PushState): boolean {
  switch (banner) {
    case "activation":
      return needsActivation(member);
    case "photo":
      // "Otherwise" (§4): a member who still has to activate hears about that first.
      return !needsActivation(member) && !member.hasMainPhoto;
    case "push":
      return pushAvailable(push);
    case "notifications":
      return member.notificationsDisabled.length > 0;
  }
}

export function chooseBanners({ member, routeId, phone, query, push, dismissed, now }: BannerInput): BannerChoice {
  if (!member) return { banners: [], activationModal: false };
  const banners = BANNER_PRIORITY.filter(
    (banner) =>
      conditionHolds(banner, member, push) &&
      !(routeId !== undefined && EXCLUDED_ROUTES[banner].includes(routeId)) &&
      !isDismissed(banner, dismissed, now),
  ).slice(0, MAX_BANNERS);
  return { banners, activationModal: banners.includes("activation") && phone && query.has(SIGNUP_COMPLETE_PARAM) };
}

export type DisabledReason = "bounce" | "spam" | "unsubscribe" | "other";

/** Why e-mail notifications stopped (§4 "Other states": spam report, bounce or list-unsubscribe), once per reason. */
export function disabledReasons(notificationsDisabled: readonly string[]): DisabledReason[] {
  const reasons = notificationsDisabled.map((value): DisabledReason => {
    const name = value.toLowerCase().replace(/[^a-z]/g, "");
    if (name.includes("bounce")) return "bounce";
    if (name.includes("spam") || name.includes("complaint")) return "spam";
    if (name.includes("unsubscribe")) return "unsubscribe";
    return "other";
  });
  return [...new Set(reasons)];
}
