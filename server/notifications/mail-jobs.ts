import type { JobHandlers, PeriodicJob } from "../jobs/registry";
import { purgeMailEventReceipts } from "./bounces";
import { MAILING_JOB, sendMailingBatch, sendWelcomeDiscountLastDay } from "./campaigns";
import { sendActivationReminders, sendUnreadReminders } from "./reminders";
import { sendWeeklyUpdates } from "./weekly";

const MINUTE_MS = 60_000;

/** Part C's jobs (issue 19): scheduled and campaign mail. Each is idempotent through the sends log. */
export const mailJobs: JobHandlers = {
  "mail.unread_reminders": async (_payload, services) => void (await sendUnreadReminders(services)),
  "mail.activation_reminders": async (_payload, services) => void (await sendActivationReminders(services)),
  "mail.weekly_updates": async (_payload, services) => void (await sendWeeklyUpdates(services)),
  "mail.promotions": async (_payload, services) => void (await sendWelcomeDiscountLastDay(services)),
  "mail.purge_event_receipts": async (_payload, services) => purgeMailEventReceipts(services.store.db, new Date()),
  [MAILING_JOB]: async (payload, services) => {
    const mailingId = Number(payload.mailingId);
    if (!Number.isSafeInteger(mailingId)) throw new Error(`mailing batch without a mailing id: ${JSON.stringify(payload)}`);
    await sendMailingBatch(services, { mailingId });
  },
};

/** How often each looks: reminders are due to the quarter hour, weekly updates once a day suffices. */
export const mailPeriodicJobs: PeriodicJob[] = [
  { kind: "mail.unread_reminders", everyMs: 15 * MINUTE_MS },
  { kind: "mail.activation_reminders", everyMs: 15 * MINUTE_MS },
  { kind: "mail.promotions", everyMs: 60 * MINUTE_MS },
  { kind: "mail.weekly_updates", everyMs: 24 * 60 * MINUTE_MS },
  { kind: "mail.purge_event_receipts", everyMs: 60 * MINUTE_MS },
];
