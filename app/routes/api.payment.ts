import type { LoaderFunctionArgs } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "../../server/http/private-caching";
import { memberPayment } from "../../server/payments/member-payment";
import { authenticationRequired } from "../lib/auth.server";

const HEADERS = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * GET /api/payment.php?id=: one payment of the signed-in member and their balance, for the return
 * page to follow until the provider settles it. Another member's payment, or another brand's, is
 * not found, as a missing one is.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member, site } = context;
  if (!member) return authenticationRequired();
  const id = Number(new URL(request.url).searchParams.get("id"));
  const found = Number.isSafeInteger(id) && id > 0 && (await memberPayment(context.services.store.db, { siteId: site.id, accountId: member.accountId, paymentId: id }));
  if (!found) return Response.json({ error: "not_found" }, { status: 404, headers: HEADERS });
  return Response.json(found, { headers: HEADERS });
}
