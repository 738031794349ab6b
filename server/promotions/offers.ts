import type { Site } from "../sites/schema";

/**
 * The two discounts a new member is offered without a code to type (§4 Time bonus, §9): the time
 * bonus in the first four hours after signup, and the welcome discount on the first purchase for
 * the brand's welcome_discount_hours. Both end with the first purchase (a paid member is premium
 * and sees neither). Pure: the server's clock decides, never the browser's.
 */

export const TIME_BONUS = { code: "TIMEBONUS25", percentage: 25, windowSeconds: 14_400 } as const;
export const WELCOME_DISCOUNT = { code: "WELCOME25", percentage: 25 } as const;

/** Codes the product gives out itself; a brand cannot make a code with these names. */
export const OFFER_CODES: readonly string[] = [TIME_BONUS.code, WELCOME_DISCOUNT.code];

/** What the account-deletion offer's codes start with (delete-discount.ts); a brand's codes may not. */
export const RETENTION_CODE_PREFIX = "STAY-";

export type OfferMember = { paidUser: boolean; signupDate: Date };
export type OfferKind = "time_bonus" | "welcome";
export type MemberOffer = { kind: OfferKind; code: string; percentage: number; endsAt: Date };

/** Whole seconds of the time bonus left now; 0 when it is over or was never the member's. */
export function timeBonusSecondsLeft(member: OfferMember, now: Date): number {
  if (member.paidUser) return 0;
  const left = member.signupDate.getTime() + TIME_BONUS.windowSeconds * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** When the member's welcome discount ends, if they still have it. */
export function welcomeDiscountEndsAt(site: Pick<Site, "welcome_discount_hours">, member: OfferMember, now: Date): Date | undefined {
  if (member.paidUser || site.welcome_discount_hours === 0) return undefined;
  const endsAt = new Date(member.signupDate.getTime() + site.welcome_discount_hours * 3_600_000);
  return endsAt > now ? endsAt : undefined;
}

/** The member's offers now, the active one first: the time bonus if present, else the welcome discount (§4). */
export function memberOffers(site: Pick<Site, "welcome_discount_hours">, member: OfferMember, now: Date): MemberOffer[] {
  const offers: MemberOffer[] = [];
  const bonusLeft = timeBonusSecondsLeft(member, now);
  if (bonusLeft > 0) offers.push({ kind: "time_bonus", code: TIME_BONUS.code, percentage: TIME_BONUS.percentage, endsAt: new Date(now.getTime() + bonusLeft * 1000) });
  const welcomeEnds = welcomeDiscountEndsAt(site, member, now);
  if (welcomeEnds) offers.push({ kind: "welcome", code: WELCOME_DISCOUNT.code, percentage: WELCOME_DISCOUNT.percentage, endsAt: welcomeEnds });
  return offers;
}

/** Whole hours left until a time, rounded up: "still 3 hours" while 2 h 10 min remain. */
export const hoursUntil = (endsAt: Date, now: Date) => Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 3_600_000));
