import { randomInt } from "node:crypto";

/** How long an SMS code can be used. */
export const CODE_VALID_MS = 10 * 60_000;
/** Wrong codes a mandate takes; the last one voids it and the member starts again. */
export const MAX_WRONG_CODES = 5;

/** Six digits from the system's cryptographic generator, leading zeros kept. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
