import type { ActionFunctionArgs } from "@remix-run/node";
import { markHidden } from "../../server/presence/presence";
import { authenticationRequired } from "../lib/auth.server";
import { readJson } from "../lib/json-body.server";

/**
 * POST /api/page-hidden.php (§7), `{}` by navigator.sendBeacon: the member's tab went out of sight.
 * Until their next sign of life they no longer count as online (notification mail may go out). The
 * body says nothing more; it must be JSON, and the origin check and body limits of server/http
 * apply as to every write.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = context;
  if (!member) return authenticationRequired();
  await readJson(request, context);
  await markHidden(context.services.store.db, { siteId: member.siteId, profileId: member.profileId });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
