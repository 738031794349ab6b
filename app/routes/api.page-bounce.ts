import type { ActionFunctionArgs } from "@remix-run/node";
import { consume } from "../../server/accounts/limits";
import { pageBouncePayload, recordPageBounce } from "../../server/analytics/page-bounces";
import { readJson } from "../lib/json-body.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/page-bounce (§4 page-bounce logging), by sendBeacon from a page opened with `lb`: how
 * long the visitor stayed and whether they went on. Its address carries the landed page's query, so
 * the traffic source is the one the visitor came with even before the tracking cookie is stored.
 * Visitors send it too: the origin check and body limits of server/http apply, and a limit per address.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readJson(request, context);
  const parsed = pageBouncePayload.safeParse(body);
  if (!parsed.success) return Response.json({ error: "invalid_page_bounce" }, { status: 400, headers: NO_STORE });
  if (!(await consume(context.services.limits.pageBouncesIp, context.ip)).allowed) {
    return Response.json({ error: "too_many_requests" }, { status: 429, headers: NO_STORE });
  }
  await recordPageBounce(context.services.store.db, { siteId: context.site.id, bounce: parsed.data, tracking: context.tracking });
  return new Response(null, { status: 204, headers: NO_STORE });
}
