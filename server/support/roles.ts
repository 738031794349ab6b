import type { StaffRole } from "../db/schema";

export type { StaffRole };
export const STAFF_ROLES = ["support", "moderator", "admin"] as const satisfies readonly StaffRole[];

/**
 * What each role may do in the support console. Every console loader and action names the
 * permission it needs (see requirePermission); nothing else decides.
 */
const GRANTS = {
  /** The brand list, a domain's resolved settings, the compare view. */
  "brands:view": ["support", "moderator", "admin"],
  /** Member search and a member's page: account, profile, photos, sessions, complaints, blocks. */
  "members:view": ["support", "moderator", "admin"],
  /** End sessions, clear a login lockout, resend the activation mail. */
  "members:manage": ["support", "admin"],
  /** Hide a profile, ban a member. */
  "members:restrict": ["support", "moderator", "admin"],
  /** A member's ledger and payments. */
  "money:view": ["support", "admin"],
  /** Adjust credits, refund a payment. */
  "money:change": ["support", "admin"],
  /** The photo queue. */
  "photos:moderate": ["moderator", "admin"],
  /** The complaint queue, and a reported conversation's messages for that complaint. */
  "complaints:handle": ["moderator", "admin"],
  /** A brand's discount codes: list them, create them, switch them off and on. */
  "promotions:manage": ["support", "admin"],
  /** Staff accounts and each one's audit trail. */
  "staff:view": ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof GRANTS;

export function can(role: StaffRole, permission: Permission): boolean {
  return (GRANTS[permission] as readonly StaffRole[]).includes(role);
}
