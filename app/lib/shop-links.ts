import type { PackageTier } from "../../server/sites/payments";

/** Where a package's button leads: the method choice for members; for visitors, login first and back there. */
export function buyHref(tier: PackageTier, signedIn: boolean): string {
  const target = `/credits/${tier}`;
  return signedIn ? target : `/login?${new URLSearchParams({ redirectTo: target })}`;
}
