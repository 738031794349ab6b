import type { Kysely } from "kysely";
import { z } from "zod";
import type { Tracking } from "../accounts/tracking";
import type { Database } from "../db/schema";

/** A day: a tab left open longer says nothing more about the page. */
const LONGEST_MS = 24 * 60 * 60 * 1000;

/** What the beacon says: the landed page's path (no query), how long the visitor stayed, and whether they went on within the site. */
export const pageBouncePayload = z.object({
  // A path of this site: not `//other.example/…`, which a browser reads as another site's address.
  path: z.string().max(300).regex(/^\/(?!\/)[^\s?#]*$/),
  ms: z.number().int().nonnegative().transform((ms) => Math.min(ms, LONGEST_MS)),
  wentOn: z.boolean(),
});

type PageBounce = z.output<typeof pageBouncePayload>;

/** Stores one page view's bounce, with the traffic source the visitor came with (the tracking cookie of §3). */
export async function recordPageBounce(db: Kysely<Database>, { siteId, bounce, tracking }: { siteId: string; bounce: PageBounce; tracking: Tracking | undefined }): Promise<void> {
  await db
    .insertInto("page_bounces")
    .values({ site_id: siteId, path: bounce.path, network: tracking?.network ?? null, ref: tracking?.ref ?? null, ms_on_page: bounce.ms, went_on: bounce.wentOn })
    .execute();
}
