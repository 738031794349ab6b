import type { LoaderFunctionArgs } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "../../server/http/private-caching";
import { memberPayment, paymentIdOf } from "../../server/payments/history";
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
  const paymentId = paymentIdOf(new URL(request.url).searchParams.get("id"));
  const found = paymentId !== undefined && (await memberPayment(context.services.store.db, { siteId: site.id, accountId: member.accountId, paymentId }));
  if (!found) return Response.json({ error: "not_found" }, { status: 404, headers: HEADERS });
  const { id, status, credits, amount, currency, method } = found;
  // The balance and premium as this request's session lookup read them, after the payment row.
  const payment = { id, status, credits, amount, currency, method, package: found.package };
  return Response.json({ payment, user: { credits: member.credits, paid_user: member.paidUser } }, { headers: HEADERS });
}
