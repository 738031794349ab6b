import type { Kysely } from "kysely";
import webpush, { WebPushError } from "web-push";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";
import { enqueueJob } from "../jobs/queue";
import { pushSubscriptionsOf } from "./subscriptions";

/** What the service worker shows and where a click goes (server/push/service-worker-source.ts reads these). */
export type PushPayload = {
  title: string;
  body: string;
  icon: string;
  /** One notification per tag: a second message of the same conversation replaces the first. */
  tag: string;
  /** checkUrl: opened when the member is still signed in; openUrl: else (the login page, say). */
  data: { checkUrl: string; openUrl: string };
};

type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** How long the push service keeps a message for a browser that is offline: a day, after which it is old news. */
const TIME_TO_LIVE_S = 24 * 3600;
/** A push service that does not answer in this time is tried again later through the queue. */
const TIMEOUT_MS = 10_000;
/** The job that retries one browser's push after a failure other than "gone". */
export const PUSH_RETRY_JOB = "push-retry";

type DeliveryOutcome = "sent" | "gone" | "failed";

/**
 * Sends one push message to one browser with the VAPID keys. 404 and 410 mean the browser dropped
 * the subscription for good (RFC 8030 §7.3): it is removed, so nothing is sent to it again. Any other
 * failure (5xx, 429, a timeout, a refused connection) answers "failed" for the caller to retry.
 */
async function deliverPush(
  services: Pick<Services, "store" | "vapid" | "pushAgent" | "log">,
  { target, payload, subject }: { target: PushTarget; payload: PushPayload; subject: string },
): Promise<DeliveryOutcome> {
  try {
    await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey: services.vapid.publicKey, privateKey: services.vapid.privateKey },
      TTL: TIME_TO_LIVE_S,
      urgency: "high",
      timeout: TIMEOUT_MS,
      ...(services.pushAgent ? { agent: services.pushAgent } : {}),
    });
    return "sent";
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await removeSubscription(services.store.db, target.endpoint);
      return "gone";
    }
    services.log.warn({ err: error, status: error instanceof WebPushError ? error.statusCode : undefined }, "push delivery failed");
    return "failed";
  }
}

async function removeSubscription(db: Kysely<Database>, endpoint: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("endpoint", "=", endpoint).execute();
}

/** The VAPID subject: how the push service reaches the sender about its traffic (RFC 8292 §2.1). */
export function vapidSubject(supportEmail: string): string {
  return `mailto:${supportEmail}`;
}

/**
 * Sends a push message to every browser the member subscribed with, at once; a browser that fails
 * for a passing reason gets a retry job of its own, so one slow push service neither delays nor
 * repeats the others. Answers how many browsers it reached now.
 */
export async function pushToMember(
  services: Pick<Services, "store" | "vapid" | "pushAgent" | "log" | "jobs">,
  { accountId, payload, subject }: { accountId: number; payload: PushPayload; subject: string },
): Promise<number> {
  const db = services.store.db;
  const targets = await pushSubscriptionsOf(db, accountId);
  const outcomes = await Promise.all(targets.map(async (target) => ({ target, outcome: await deliverPush(services, { target, payload, subject }) })));
  for (const { target, outcome } of outcomes) {
    if (outcome !== "failed") continue;
    // The first retry is the job's own first run, a little later; further ones back off in the queue.
    await enqueueJob(db, { kind: PUSH_RETRY_JOB, payload: { accountId, endpoint: target.endpoint, payload, subject }, runAt: new Date(Date.now() + 30_000), maxAttempts: 5 });
  }
  return outcomes.filter(({ outcome }) => outcome === "sent").length;
}

/**
 * The retry of one browser's push: sent again while the subscription still belongs to the member;
 * a further passing failure throws, so the queue tries again with a longer delay.
 */
export async function retryPush(services: Services, job: Record<string, unknown>): Promise<void> {
  const { accountId, endpoint, payload, subject } = job as { accountId: number; endpoint: string; payload: PushPayload; subject: string };
  const target = await services.store.db
    .selectFrom("push_subscriptions")
    .select(["endpoint", "p256dh", "auth"])
    .where("endpoint", "=", endpoint)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!target) return;
  if ((await deliverPush(services, { target, payload, subject })) === "failed") throw new Error("the push service failed again");
}
