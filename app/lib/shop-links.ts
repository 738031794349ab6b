import type { PackageTier } from "../../server/sites/payments";

/** The method choice of a package, carrying the discount code the member typed (an offer needs none: it is found again there). */
export const orderHref = (tier: PackageTier, code?: string) => (code ? `/credits/${tier}?${new URLSearchParams({ code })}` : `/credits/${tier}`);

/** Where a package's button leads: the method choice for members; for visitors, login first and back there. */
export function buyHref(tier: PackageTier, signedIn: boolean, code?: string): string {
  const target = orderHref(tier, code);
  return signedIn ? target : `/login?${new URLSearchParams({ redirectTo: target })}`;
}
