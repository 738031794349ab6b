import type { Permission } from "../server/support/roles";

/**
 * Who may open each console route, checked in one place before any loader or action runs
 * (server/http/console-app.ts): "public" needs nothing (signing in), "password" a session whose
 * password was given but not yet its second factor, "signed-in" any verified staff session, and a
 * permission a verified session whose role has it. Actions that do more than their page shows
 * check the finer permission of each intent as well (a moderator may open a member but not change
 * their credits).
 */
export type Access = "public" | "password" | "signed-in" | Permission;

export const ROUTE_ACCESS: Record<string, Access> = {
  root: "public",
  login: "public",
  "login-verify": "password",
  "login-passkey": "password",
  setup: "public",
  logout: "public",
  "layouts/console": "signed-in",
  home: "signed-in",
  account: "signed-in",
  "account-passkeys": "signed-in",
  brands: "brands:view",
  "brands-check": "brands:view",
  "brands-compare": "brands:view",
  "brands-discount-codes": "promotions:manage",
  members: "members:view",
  "members-id": "members:view",
  "moderation-photos": "photos:moderate",
  "moderation-complaints": "complaints:handle",
  "moderation-complaints-id": "complaints:handle",
  staff: "staff:view",
  "staff-id": "staff:view",
  "not-found": "signed-in",
};
