import type { Services } from "../http/request-context";
import type { Logger } from "../log";
import type { Actor } from "./audit";
import { can, type Permission, type StaffRole } from "./roles";

export type SignedInStaff = {
  id: number;
  email: string;
  role: StaffRole;
  sessionId: string;
  /** The second factor was given: false only on the second-factor step itself. */
  verified: boolean;
};

/**
 * What every console loader and action receives, built once per request on the support host
 * (server/http/console-app.ts). Brand context (site, visitor language, member) has no place here.
 */
export type ConsoleContext = {
  kind: "console";
  services: Services;
  /** The session the staff cookie names, if any and still alive. */
  staff: SignedInStaff | undefined;
  ip: string;
  url: URL;
  /** The console's own origin, for links and WebAuthn (https://support.example, http://support.localhost:3000). */
  origin: string;
  /** The CSP nonce of this request's inline scripts. */
  nonce: string;
  log: Logger;
};

/** The console's loaders receive their context typed as the brand app's: this names it for what it is. */
export function consoleContext(context: unknown): ConsoleContext {
  if ((context as ConsoleContext | undefined)?.kind !== "console") throw new Error("not a support console request");
  return context as ConsoleContext;
}

/** The verified staff member, or a redirect to sign in (the access rule has already let the request through). */
export function requireStaff(context: unknown): SignedInStaff {
  const { staff } = consoleContext(context);
  if (!staff?.verified) throw new Response(null, { status: 302, headers: { Location: "/login" } });
  return staff;
}

/** The verified staff member whose role has the permission; 403 for any other. */
export function requirePermission(context: unknown, permission: Permission): SignedInStaff {
  const staff = requireStaff(context);
  if (!can(staff.role, permission)) throw new Response("Your role does not allow this.", { status: 403 });
  return staff;
}

/** Who an audit row names for this request. */
export function actorOf(context: unknown): Actor {
  const { staff, ip } = consoleContext(context);
  return { staffId: staff?.id ?? null, ip };
}
