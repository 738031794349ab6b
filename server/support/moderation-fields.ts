// The lengths of the moderators' texts, apart from the modules that use them (./moderation.ts,
// ./complaint-queue.ts), so that console pages can print them without bundling server code.

/** A rejected photo's reason, which its owner reads. */
export const REJECTION_REASON_MIN = 3;
export const REJECTION_REASON_MAX = 500;

/** A resolved complaint's outcome. */
export const OUTCOME_MIN = 3;
export const OUTCOME_MAX = 1000;
