import type { AppLoadContext } from "@remix-run/node";
import { OFFERS_FOR_REASON, type DeletionReason } from "../../server/accounts/deletion";
import type { Member } from "../../server/accounts/member";
import { formatDate } from "../../server/i18n/dates";
import { formatMoney } from "../../server/payments/money";
import { packagesFor } from "../../server/payments/packages";
import { hasPaidBefore } from "../../server/payments/paid-before";
import { isInvisible } from "../../server/profiles/profile";
import { offerDeleteDiscount } from "../../server/promotions/delete-discount";
import type { OfferView } from "../components/settings/delete-account";

/**
 * The offers that fit a reason (§1): an e-mail change and invisible mode always may; the smallest
 * package only to members who never paid (there is no trial package: docs/decisions/040);
 * the brand's delete_discount as a code of the member's own, made when this step is posted.
 */
export async function offersFor(context: AppLoadContext, member: Member, reason: DeletionReason): Promise<OfferView[]> {
  const db = context.services.store.db;
  const offers: OfferView[] = [];
  for (const kind of OFFERS_FOR_REASON[reason]) {
    if (kind === "email") offers.push({ kind });
    if (kind === "privacy" && !(await isInvisible(db, { siteId: member.siteId, profileId: member.profileId }))) offers.push({ kind });
    if (kind === "trial" && !(await hasPaidBefore(db, { siteId: member.siteId, accountId: member.accountId }))) {
      const smallest = context.currency ? packagesFor(context.site, context.currency)[0] : undefined;
      if (smallest && context.currency) offers.push({ kind, tier: smallest.tier, credits: smallest.credits, price: formatMoney(smallest.price, context.currency, context.language) });
    }
    if (kind === "discount") {
      const discount = await offerDeleteDiscount(db, { site: context.site, accountId: member.accountId });
      if (discount) offers.push({ kind, code: discount.code, percentage: discount.percentage, expires: formatDate(discount.expiresAt, context.language, context.timeZone) });
    }
  }
  return offers;
}
