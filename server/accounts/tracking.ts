import { serialize } from "cookie";

/** Where a visitor came from (§3), kept with the account they sign up with. */
export type Tracking = Partial<Record<(typeof TRACKING_FIELDS)[number], string>>;

export const TRACKING_FIELDS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
export const TRACKING_COOKIE = "tracking";

const ALIASES: Record<string, (typeof TRACKING_FIELDS)[number]> = {
  network: "network",
  ref: "ref",
  sub1: "sub1",
  sub2: "sub2",
  sub3: "sub3",
  sub: "sub1",
  aff_sub: "sub1",
  aff_sub1: "sub1",
  aff_sub2: "sub2",
  aff_sub3: "sub3",
};

const MAX_LENGTH = 100;
const THIRTY_DAYS = 30 * 24 * 60 * 60;

/** The tracking fields of a query string; aliases map onto their field, the first value wins. */
export function trackingFromQuery(query: URLSearchParams): Tracking | undefined {
  const tracking: Tracking = {};
  for (const [name, raw] of query) {
    const field = ALIASES[name];
    const value = raw.trim().slice(0, MAX_LENGTH);
    if (field && value && /^[\p{L}\p{N} ._:\-/]+$/u.test(value) && !tracking[field]) tracking[field] = value;
  }
  return Object.keys(tracking).length > 0 ? tracking : undefined;
}

/** What the tracking cookie kept, from its raw value. */
export function trackingFromCookie(raw: string | undefined): Tracking | undefined {
  if (!raw) return undefined;
  try {
    return trackingFromQuery(new URLSearchParams(raw));
  } catch {
    return undefined;
  }
}

/** Kept 30 days, so a visitor who comes back later still signs up with their source. */
export function trackingCookie(tracking: Tracking): string {
  return serialize(TRACKING_COOKIE, new URLSearchParams(tracking).toString(), { path: "/", maxAge: THIRTY_DAYS, sameSite: "lax", httpOnly: true });
}
