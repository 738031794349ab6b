// What only a signed-in member's pages show and run around their content: loaded apart (deferred-member-parts.ts).
export { AccountMenu } from "../account-menu";
export { WarningBanners } from "../banners/warning-banners";
export { AutoLikeModal } from "./auto-like-modal";
export { MemberNav } from "./member-nav";
export { MemberStatusLive } from "./member-status-live";
