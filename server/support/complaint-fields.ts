import type { ComplaintReason } from "../db/schema";

// The complaint form's choices and lengths, apart from its schema (complaints.ts) so that the page
// can render the form without loading zod.
export const COMPLAINT_REASONS = ["fake_profile", "inappropriate_photos", "harassment", "scam", "underage", "other"] as const satisfies readonly ComplaintReason[];
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;
