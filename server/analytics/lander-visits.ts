import { serialize } from "cookie";
import { landingPathLanguage, SLUG_DESIGNS } from "../sites/landing-slug";
import type { Site } from "../sites/schema";

/** Names the lander of the visit, so a signup later in it (or within 30 days) is counted for that lander. */
export const LANDER_COOKIE = "lander";

/** A page visitors land on from ads: a lander's design and slug, or a member's landing page. */
export type Lander = { design: string; slug: string };

/** The designs counted: the landers of §2, and a member's three landing pages. */
export const LANDER_DESIGNS = ["tinderswipe", ...SLUG_DESIGNS, "member-landing", "member-landing2", "member-landing3"] as const;

/** Loads of one lander this close together are one visit, as web analytics count sessions. */
export const VISIT_GAP_SECONDS = 30 * 60;
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

// Slugs are lower-case letters and hyphens (§2): a data request's `.data` is no page view.
const LANDER_PATH = /^\/landers\/([a-z]+)(?:\/([a-z-]+))?$/;
const MEMBER_LANDING_PATH = /^\/members\/[1-9]\d{0,15}\/landing([23]?)(?:\/([a-z-]+))?$/;

/**
 * The lander a path shows on this brand, as the routes serve it: tinderswipe and a member's first
 * landing page without a slug, the other designs with one of the brand's slugs, a member's second
 * and third landing page with one or none. Any other path is none.
 */
export function landerOfPath(site: Pick<Site, "niche" | "countries" | "locales">, pathname: string): Lander | undefined {
  // The slug the path ends in is one of this brand's (it names one of the brand's languages).
  const slugIsTheBrands = () => landingPathLanguage(site, pathname) !== undefined;
  const [, design = "", slug] = LANDER_PATH.exec(pathname) ?? [];
  if (design === "tinderswipe") return slug === undefined ? { design, slug: "" } : undefined;
  if ((SLUG_DESIGNS as readonly string[]).includes(design)) return slug !== undefined && slugIsTheBrands() ? { design, slug } : undefined;
  const [landing, number, memberSlug] = MEMBER_LANDING_PATH.exec(pathname) ?? [];
  if (landing === undefined) return undefined;
  const memberDesign = `member-landing${number}`;
  if (memberSlug === undefined) return { design: memberDesign, slug: "" };
  return number !== "" && slugIsTheBrands() ? { design: memberDesign, slug: memberSlug } : undefined;
}

type RememberedLander = Lander & { atSeconds: number };

/** The lander cookie: which lander, and when its visit was last seen (for VISIT_GAP_SECONDS). */
export function landerCookie(lander: Lander, nowSeconds: number): string {
  return serialize(LANDER_COOKIE, `${lander.design}/${lander.slug}/${nowSeconds}`, {
    path: "/",
    maxAge: THIRTY_DAYS_SECONDS,
    sameSite: "lax",
    httpOnly: true,
  });
}

/** What the lander cookie says, or none when it is not one this server wrote. */
export function landerFromCookie(raw: string | undefined): RememberedLander | undefined {
  const [design = "", slug = "", at, ...rest] = raw?.split("/") ?? [];
  const atSeconds = Number(at);
  const valid =
    rest.length === 0 && (LANDER_DESIGNS as readonly string[]).includes(design) && /^[a-z-]{0,20}$/.test(slug) && Number.isSafeInteger(atSeconds) && atSeconds > 0;
  return valid ? { design, slug, atSeconds } : undefined;
}

/** Whether a load continues the visit the cookie remembers (the same lander, within the gap). */
export function continuesVisit(remembered: RememberedLander | undefined, lander: Lander, nowSeconds: number): boolean {
  return (
    remembered !== undefined &&
    remembered.design === lander.design &&
    remembered.slug === lander.slug &&
    nowSeconds - remembered.atSeconds < VISIT_GAP_SECONDS &&
    nowSeconds >= remembered.atSeconds
  );
}
