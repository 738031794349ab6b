// What only a signed-in member's pages show around their content: loaded apart (lazy-member-parts.tsx).
export { AccountMenu } from "../account-menu";
export { WarningBanners } from "../banners/warning-banners";
export { AutoLikeModal } from "./auto-like-modal";
export { MemberNav } from "./member-nav";
