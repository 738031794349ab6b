import { deferredModule } from "../../lib/deferred-module";
import { useRootData } from "../../root";
import { memberParts } from "./deferred-member-parts";

export const AccountMenu = memberParts.part((module) => module.AccountMenu);
export const AutoLikeModal = memberParts.part((module) => module.AutoLikeModal);
export const MemberNav = memberParts.part((module) => module.MemberNav);
export const WarningBanners = memberParts.part((module) => module.WarningBanners);

// The time bonus and the welcome discount: fetched only by a member who has one (new, never paid).
const promotions = deferredModule(() => import("../promotions/promotions"));
const PromotionsPart = promotions.part((module) => module.Promotions);

export function Promotions() {
  const status = useRootData()?.memberStatus;
  const offered = status && !status.paidUser && (status.timeBonusSecondsLeft > 0 || status.welcomeHoursLeft > 0);
  return offered ? <PromotionsPart /> : null;
}
