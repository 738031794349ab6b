import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { ROUTE_ACCESS, type Access } from "../../console/access";
import type { SignedInStaff } from "../support/console-context";
import { can } from "../support/roles";

export type AccessDecision = { allowed: true } | { allowed: false; reason: "sign-in" | "forbidden" | "unknown-route" };

/** The console build's routes as a tree, for matching a path to the route ids that would run. */
export function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  const byParent = new Map<string | undefined, { id: string; path?: string; index?: boolean; caseSensitive?: boolean }[]>();
  for (const route of Object.values(build.routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
    );
  return children(undefined);
}

/** The path a request's routes answer for: a single-fetch data request names its page as `<path>.data` (`/_root.data` for `/`). */
export function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/**
 * Whether the staff member (or nobody) may open a path: every route it matches must allow them,
 * by its rule in console/access.ts. A route without a rule is refused to everyone, so a new route
 * cannot be left open by forgetting it.
 */
export function decideAccess(routes: AgnosticRouteObject[], pathname: string, staff: SignedInStaff | undefined): AccessDecision {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.length === 0) return { allowed: false, reason: "unknown-route" };
  for (const { route } of matches) {
    const access = ROUTE_ACCESS[route.id!] as Access | undefined;
    if (access === undefined) return { allowed: false, reason: "unknown-route" };
    const refusal = refusalFor(access, staff);
    if (refusal) return { allowed: false, reason: refusal };
  }
  return { allowed: true };
}

function refusalFor(access: Access, staff: SignedInStaff | undefined): "sign-in" | "forbidden" | undefined {
  if (access === "public") return undefined;
  if (!staff) return "sign-in";
  // The second-factor step is for a password-only session; a verified one has nothing to do there.
  if (access === "password") return undefined;
  if (!staff.verified) return "sign-in";
  if (access === "signed-in") return undefined;
  return can(staff.role, access) ? undefined : "forbidden";
}
