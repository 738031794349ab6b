import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import { enqueueJob } from "../jobs/queue";

/** The jobs the events of chat and likes leave for the notification work (handled in ./jobs.ts). */
export const MESSAGE_SENT_JOB = "notify-message";
export const MESSAGE_MAIL_JOB = "notify-message-mail";
export const LIKE_JOB = "notify-like";

/** How long a message may stay unread before it is mailed (issue 19): the push goes at once. */
export const MESSAGE_MAIL_DELAY_MS = 15 * 60_000;

/**
 * The key of a message's notification job: the send inserts the job in its own statement
 * (server/chat/send.ts storeMessage), and a retried send finds the key taken.
 */
export const messageJobKeyPrefix = `${MESSAGE_SENT_JOB}:`;

/** Inside the like's transaction: a fresh like (or the like that completes a match) will be notified. */
export async function enqueueLikeNotification(tx: Transaction<Database>, { likerId, likedId, match }: { likerId: number; likedId: number; match: boolean }): Promise<void> {
  await enqueueJob(tx, { kind: LIKE_JOB, payload: { likerId, likedId, match } });
}
