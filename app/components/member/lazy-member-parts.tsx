import { deferredModule } from "../../lib/deferred-module";

// What only members' pages show around their content (navigation, account menu, warning banners,
// like modal: about 5 KB compressed), fetched on a member's first page rather than carried by all.
const memberParts = deferredModule(() => import("./member-parts"));

export const AccountMenu = memberParts.part((module) => module.AccountMenu);
export const AutoLikeModal = memberParts.part((module) => module.AutoLikeModal);
export const MemberNav = memberParts.part((module) => module.MemberNav);
export const WarningBanners = memberParts.part((module) => module.WarningBanners);
export const Promotions = memberParts.part((module) => module.Promotions);
