import type { ComplaintReason, ComplaintStatus } from "../../server/db/schema";

/** How the console names a complaint's status and reason (members chose the reason in their own language). */
export const STATUS_LABEL: Record<ComplaintStatus, string> = { open: "Open", in_progress: "In progress", resolved: "Resolved" };

export const REASON_LABEL: Record<ComplaintReason, string> = {
  fake_profile: "Fake profile",
  inappropriate_photos: "Inappropriate photos",
  harassment: "Harassment",
  scam: "Scam",
  underage: "Underage",
  other: "Other",
};

/** UTC, to the minute: staff in every country read the same time. */
export const consoleMinute = (value: Date | null) => (value ? value.toISOString().slice(0, 16).replace("T", " ") : "—");
