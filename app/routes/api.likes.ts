import type { LoaderFunctionArgs } from "@remix-run/node";
import { givenAndReceivedLikes } from "../../server/likes/lists";
import { authenticationRequired } from "../lib/auth.server";

const LIMIT = 500;

/**
 * GET /api/likes.php (§7, §3): the profiles the member liked, and who liked them with like_new.
 * Only findable profiles count, so an invisible or blocked member never shows here.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { member, site, today } = context;
  if (!member) return authenticationRequired();
  const db = context.services.store.db;
  const viewer = { site, viewerProfileId: member.profileId, today, limit: LIMIT };
  const { given, received } = await givenAndReceivedLikes(db, viewer);
  return Response.json(
    {
      profiles: given.map((profile) => ({ id: profile.id, name: profile.name, age: profile.age, main_image: profile.image })),
      liked_by: received.map((profile) => ({ id: profile.id, like_new: profile.likeNew })),
    },
    { headers: { "Cache-Control": "no-store" } }
  );
}
