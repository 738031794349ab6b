import type { ActionFunctionArgs } from "@remix-run/node";
import { isbot } from "isbot";
import { z } from "zod";
import { consume } from "../../server/accounts/limits";
import { continuesVisit, landerCookie, landerOfPath } from "../../server/analytics/lander-visits";
import { readJson } from "../lib/json-body.server";

const NO_STORE = { "Cache-Control": "no-store" };

const landerVisitPayload = z.object({ path: z.string().max(300) });

/**
 * POST /api/lander-visit, sent once by a landed page (app/visitor-script/visit.ts): counts a visit
 * of that lander with its traffic source, and remembers the lander for a signup later. Counted from
 * the page rather than its request, because landers come from the page cache or a CDN. Its address
 * carries the landed page's query, so the source is the one the visitor came with. Crawlers, members
 * and the same visit's reloads are not counted; the origin check, body limits and a limit per
 * address apply as to every write.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readJson(request, context);
  const parsed = landerVisitPayload.safeParse(body);
  const lander = parsed.success ? landerOfPath(context.site, parsed.data.path) : undefined;
  if (!lander) return Response.json({ error: "invalid_lander_visit" }, { status: 400, headers: NO_STORE });
  if (context.member || isbot(request.headers.get("user-agent") ?? "")) return new Response(null, { status: 204, headers: NO_STORE });
  if (!(await consume(context.services.limits.landerVisitsIp, context.ip)).allowed) {
    return Response.json({ error: "too_many_requests" }, { status: 429, headers: NO_STORE });
  }
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (!continuesVisit(context.lander, lander, nowSeconds)) {
    context.services.landerVisits.count({ siteId: context.site.id, lander, network: context.tracking?.network });
  }
  return new Response(null, { status: 204, headers: { ...NO_STORE, "Set-Cookie": landerCookie(lander, nowSeconds) } });
}
