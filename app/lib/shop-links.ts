import type { PackageTier } from "../../server/sites/payments";

/**
 * Where a package's button leads: the method choice for members, with the query that carries their
 * typed discount code (discounts.server.ts codeQuery); for visitors, login first and back there.
 */
export function buyHref(tier: PackageTier, signedIn: boolean, query = ""): string {
  const target = `/credits/${tier}${query}`;
  return signedIn ? target : `/login?${new URLSearchParams({ redirectTo: target })}`;
}
