import { describe, expect, it } from "vitest";
import type { PaymentStatus } from "../../server/db/schema";
import { PAYMENT_STATUSES, transition, UNSETTLED, UNSUCCESSFUL } from "../../server/payments/states";

/** §4: open → pending → paid | failed | canceled | expired (open straight to those too); paid → refunded | charged_back; refunded → charged_back. */
const STEPS: Record<PaymentStatus, PaymentStatus[]> = {
  open: ["pending", "paid", "failed", "canceled", "expired"],
  pending: ["paid", "failed", "canceled", "expired"],
  paid: ["refunded", "charged_back"],
  refunded: ["charged_back"],
  failed: [],
  canceled: [],
  expired: [],
  charged_back: [],
};

describe("payment states", () => {
  it("knows the eight statuses of the payments table", () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual(["canceled", "charged_back", "expired", "failed", "open", "paid", "pending", "refunded"]);
  });

  it("answers every pair: the next step advances, the same status repeats, anything else is refused", () => {
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) {
        const expected = from === to ? "repeat" : STEPS[from].includes(to) ? "advance" : "refuse";
        expect(transition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it("never goes back to waiting, and never pays what failed, was cancelled or expired", () => {
    for (const done of ["paid", "failed", "canceled", "expired", "refunded", "charged_back"] as const) {
      expect(transition(done, "open")).toBe("refuse");
      expect(transition(done, "pending")).toBe("refuse");
    }
    for (const lost of UNSUCCESSFUL) expect(transition(lost, "paid")).toBe("refuse");
    expect(transition("charged_back", "refunded")).toBe("refuse");
    expect(transition("refunded", "paid")).toBe("refuse");
  });

  it("lets only open and pending payments expire", () => {
    expect([...UNSETTLED]).toEqual(["open", "pending"]);
    for (const status of PAYMENT_STATUSES) expect(transition(status, "expired") === "advance").toBe(UNSETTLED.includes(status));
  });
});
