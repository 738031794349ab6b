import type { Bus } from "../bus";

/**
 * The rate limits of direct-debit codes, made once per process like the account limits (shared
 * by all instances on Redis): an SMS costs money and reaches someone's phone, so neither a member
 * nor one mandate can make many.
 */
export function createDirectDebitLimits(bus: Bus) {
  return {
    /** New codes for one mandate: the first comes with the form, then this many more per 15 minutes. */
    resend: bus.limiter({ name: "direct-debit-resend", points: 3, durationSeconds: 15 * 60 }),
    /** Every code SMS to one member, first or resent, over all their mandates. */
    memberSms: bus.limiter({ name: "direct-debit-sms", points: 10, durationSeconds: 60 * 60 }),
  };
}

export type DirectDebitLimits = ReturnType<typeof createDirectDebitLimits>;
