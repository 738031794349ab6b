/**
 * Where the time bonus and welcome discount show (§4). Pure, so the rules are unit tests; the
 * components gather the inputs and draw the answer.
 */

/** The members' area routes (app/routes.ts ids) with the top banner; the popup opens only there too. */
export const PROMOTION_ROUTES: readonly string[] = ["members", "members-id", "chats", "likes", "likes-m-id", "premium"];

/** §9: the popup opens this long after the member entered the members' area. */
export const TIME_BONUS_POPUP_DELAY_MS = 40_000;

export type PromotionMember = { paidUser: boolean; credits: number; timeBonusSecondsLeft: number; welcomeHoursLeft: number };

/** The banner a member sees on a route: the time bonus while it runs, else the welcome discount (§4 active discount). */
export function promotionBanner(member: PromotionMember, routeId: string | undefined, secondsLeft: number): "time_bonus" | "welcome" | undefined {
  if (member.paidUser || !PROMOTION_ROUTES.includes(routeId ?? "")) return undefined;
  if (secondsLeft > 0) return "time_bonus";
  return member.welcomeHoursLeft > 0 ? "welcome" : undefined;
}

/** Whether the time-bonus popup may open now: the bonus runs, no credits, never dismissed (§4). */
export const timeBonusPopupDue = (member: PromotionMember, secondsLeft: number, dismissed: boolean) => !member.paidUser && secondsLeft > 0 && member.credits === 0 && !dismissed;

/** Hours, minutes and seconds left, each two digits (§3 countdownTimer). */
export function countdownParts(secondsLeft: number): { hours: string; minutes: string; seconds: string } {
  const two = (value: number) => String(value).padStart(2, "0");
  const left = Math.max(0, secondsLeft);
  return { hours: two(Math.floor(left / 3600)), minutes: two(Math.floor((left % 3600) / 60)), seconds: two(left % 60) };
}

/** hh:mm:ss, as the countdown shows it. */
export function countdownText(secondsLeft: number): string {
  const { hours, minutes, seconds } = countdownParts(secondsLeft);
  return `${hours}:${minutes}:${seconds}`;
}
