// CONTRACT (filled in by the helper "orders"); signatures other parts build against.
import type { Services } from "../http/request-context";
import type { PackageTier, PaymentMethod } from "../sites/payments";
import type { Site } from "../sites/schema";

export type OrderMember = { accountId: number; profileId: number; email: string; language: string; country: string };

export type PlaceOrderInput = {
  services: Services;
  site: Site;
  member: OrderMember;
  /** The visitor's country and currency, from the request context. */
  country: string;
  currency: string;
  tier: PackageTier;
  method: PaymentMethod;
  issuer?: string;
  /** A random key the order form carries: the same key twice makes one payment (double click, resent form). */
  orderKey: string;
  /** The site's origin for return and webhook URLs (request context `origin`). */
  origin: string;
};

export type OrderRefusal = "unknown_package" | "method_unavailable" | "issuer_required" | "purchases_blocked" | "provider_error";

export type OrderResult =
  | { kind: "checkout"; paymentId: number; url: string }
  /** A recurring charge: no checkout; the return page follows the payment. */
  | { kind: "charged"; paymentId: number; returnPath: string }
  | { kind: "refused"; reason: OrderRefusal };

export declare function placeOrder(input: PlaceOrderInput): Promise<OrderResult>;

/** Charges the member's stored card or mandate for a package again, without a checkout. */
export declare function repeatOrder(input: Omit<PlaceOrderInput, "method" | "issuer">): Promise<OrderResult | { kind: "refused"; reason: "no_mandate" }>;
