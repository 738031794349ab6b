import type { LoaderFunctionArgs } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "../../server/http/private-caching";
import { lookUpDiscount, type Discount, type DiscountRefusal } from "../../server/promotions/discounts";
import { hoursUntil, WELCOME_DISCOUNT } from "../../server/promotions/offers";
import { authenticationRequired } from "../lib/auth.server";

const HEADERS = { "Cache-Control": PRIVATE_NO_STORE };

const STATUS: Record<DiscountRefusal, number> = { not_found: 404, already_used: 409, in_use: 409, expired: 410, not_here: 422 };

/** A discount in the §3 shape (Discount code). */
function discountCodeShape(discount: Discount, profileId: number, now: Date) {
  return {
    code: discount.code,
    value_percentage: discount.percentage,
    minimum_order_value: discount.minimumOrderValue,
    country: discount.country,
    user_id: discount.personal ? profileId : null,
    expires: discount.expiresAt?.toISOString() ?? null,
    currency: discount.currency,
    status: "active",
    validity: discount.validity === "once_per_user" ? "once-per-user" : "unlimited",
    expired: discount.expiresAt !== null && discount.expiresAt <= now,
    paymentmethods: discount.paymentMethods,
  };
}

/**
 * GET /api/discountcode.php (§7): ?code= answers the code in the §3 shape, or why the member cannot
 * use it ('Code niet gevonden', 'Code reeds gebruikt', expired …) in their language; ?welcome=true
 * answers their welcome discount with the hours it has left (the client ignores a failure, §8).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = context.member;
  if (!member) return authenticationRequired();
  const query = new URL(request.url).searchParams;
  const welcome = query.get("welcome") === "true";
  const code = welcome ? WELCOME_DISCOUNT.code : (query.get("code") ?? "");
  const now = new Date();
  const found = await lookUpDiscount(context.services.store.db, { site: context.site, member, code, country: context.country, currency: context.currency, now });
  if ("refusal" in found) {
    return Response.json({ error: found.refusal, message: context.t(`credits:discount.refused.${found.refusal}`) }, { status: STATUS[found.refusal], headers: HEADERS });
  }
  const shape = discountCodeShape(found.discount, member.profileId, now);
  const answer = welcome && found.discount.expiresAt ? { ...shape, hours_left: hoursUntil(found.discount.expiresAt, now) } : shape;
  return Response.json({ discount_code: answer }, { headers: HEADERS });
}
