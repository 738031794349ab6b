import type { PaymentStatus } from "../db/schema";

/**
 * The one state machine of a payment (§4 Payment):
 *   open → pending → paid | failed | canceled | expired, and open straight to any of those four;
 *   paid → refunded | charged_back; refunded → charged_back (a bank can still reverse it).
 * A provider's report is one of three things against the stored status: the next step, the same
 * status again (a repeated delivery: nothing changes), or a step back or sideways (refused).
 */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  open: ["pending", "paid", "failed", "canceled", "expired"],
  pending: ["paid", "failed", "canceled", "expired"],
  paid: ["refunded", "charged_back"],
  refunded: ["charged_back"],
  failed: [],
  canceled: [],
  expired: [],
  charged_back: [],
};

export type Transition = "advance" | "repeat" | "refuse";

export function transition(from: PaymentStatus, to: PaymentStatus): Transition {
  if (from === to) return "repeat";
  return NEXT[from].includes(to) ? "advance" : "refuse";
}

/** Still waiting for the provider: may expire. */
export const UNSETTLED: readonly PaymentStatus[] = ["open", "pending"];
/** The member can try again (with another method). */
export const UNSUCCESSFUL: readonly PaymentStatus[] = ["failed", "canceled", "expired"];

export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.keys(NEXT) as PaymentStatus[];
