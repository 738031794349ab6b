import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";
import { isPublicPushEndpoint } from "./endpoint";

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).max(200);

/**
 * The body of POST /api/user.php?push=1 (§7): a PushSubscription as its toJSON() gives it. The
 * endpoint must be a public push service (see isPublicPushEndpoint): the server sends to it.
 */
export const pushSubscriptionPayload = z.object({
  subscription: z.object({
    endpoint: z.string().max(2000).refine(isPublicPushEndpoint, { error: "the endpoint must be a public https push service" }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url, auth: base64url }),
  }),
});

/** Whether a refused payload was refused for its endpoint alone (the answer then says so). */
export function endpointRefused(error: z.ZodError): boolean {
  return error.issues.every((issue) => issue.path.join(".") === "subscription.endpoint");
}

export type PushSubscriptionPayload = z.output<typeof pushSubscriptionPayload>;

/**
 * Stores a browser's subscription for a member. An endpoint is one browser profile: when another
 * account signs in there and subscribes, the endpoint moves to that account.
 */
export async function savePushSubscription(db: Kysely<Database>, { accountId, subscription }: { accountId: number; subscription: PushSubscriptionPayload["subscription"] }): Promise<void> {
  const { endpoint, keys } = subscription;
  await db
    .insertInto("push_subscriptions")
    .values({ account_id: accountId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflict((conflict) => conflict.column("endpoint").doUpdateSet({ account_id: accountId, p256dh: keys.p256dh, auth: keys.auth }))
    .execute();
}

/** The subscriptions push messages for a member go to (the sending work reads these). */
export function pushSubscriptionsOf(db: Kysely<Database>, accountId: number) {
  return db.selectFrom("push_subscriptions").select(["endpoint", "p256dh", "auth"]).where("account_id", "=", accountId).orderBy("id").execute();
}

/** The body of DELETE /api/user.php?push=1: the endpoint of the subscription this browser gives up. */
export const pushUnsubscribePayload = z.object({ endpoint: z.string().min(1).max(2000) });

/**
 * Forgets one browser's subscription of the member (unsubscribing on /notifications). Only the
 * member's own: an endpoint another account took over stays theirs. Removing one already gone is fine.
 */
export async function removePushSubscription(db: Kysely<Database>, { accountId, endpoint }: { accountId: number; endpoint: string }): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("account_id", "=", accountId).where("endpoint", "=", endpoint).execute();
}
