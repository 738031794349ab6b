import type { Site } from "../sites/schema";

/**
 * Whether this visitor may search members (§6): members always; visitors as the site's
 * logged_out_search says, or logged_out_search_trafficsource when they came from a traffic source.
 */
export function maySearch(site: Site, { signedIn, fromTrafficSource }: { signedIn: boolean; fromTrafficSource: boolean }): boolean {
  return signedIn || site.logged_out_search || (fromTrafficSource && site.logged_out_search_trafficsource);
}
