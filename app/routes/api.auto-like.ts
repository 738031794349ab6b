import type { LoaderFunctionArgs } from "@remix-run/node";
import { autoLike } from "../../server/likes/auto-like";
import { authenticationRequired } from "../lib/auth.server";
import { requireOwnClient } from "../lib/own-client.server";

/**
 * GET /api/auto-like.php (§7): a profile that likes the member, `{ profile: { id, main_image } }`,
 * or `{ profile: null }` when the site has none to offer. `?profile=` names one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOwnClient(request, context);
  const { member, site, today } = context;
  if (!member) return authenticationRequired();
  const given = new URL(request.url).searchParams.get("profile");
  const profileId = given && /^\d{1,16}$/.test(given) ? Number(given) : undefined;
  const profile = await autoLike(context.services.store.db, { site, member, today, profileId });
  return Response.json({ profile }, { headers: { "Cache-Control": "no-store" } });
}
