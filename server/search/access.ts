import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Site } from "../sites/schema";

/**
 * Whether this visitor may search members (§6): members always; visitors as the site's
 * logged_out_search says, or logged_out_search_trafficsource when they came from a traffic source.
 */
export function maySearch(site: Site, { signedIn, fromTrafficSource }: { signedIn: boolean; fromTrafficSource: boolean }): boolean {
  return signedIn || site.logged_out_search || (fromTrafficSource && site.logged_out_search_trafficsource);
}

/**
 * The profiles anyone but their owner may see at all: active, not invisible (§4 invisible mode),
 * in the pool. Search, the lists, likes and the profile screen all start here, so a profile hidden
 * from one is hidden from all; to others it does not exist.
 */
export function visibleProfiles(db: Kysely<Database>, { pool }: { pool: string }) {
  return db.selectFrom("profiles").where("profiles.pool", "=", pool).where("profiles.status", "=", "active").where("profiles.invisible", "=", false);
}
