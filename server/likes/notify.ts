import type { Bus } from "../bus";
import { publishToMember } from "../chat/events";
import type { JobRunner } from "../jobs/runner";
import type { Logger } from "../log";

/**
 * After a fresh like (§4), the liked member's open tabs refresh their counts at once instead of at
 * the next 60 s tick: a resync, because the liked member's new-likes count depends on their own
 * site and day. A profile without an account has no tabs; its channel has no listeners.
 */
export function publishNewLike(services: { bus: Bus; log: Logger; jobs: Pick<JobRunner, "kick"> }, likedId: number): Promise<void> {
  // The like's notification job was enqueued with it (likeWithin): due now.
  services.jobs.kick();
  return publishToMember(services.bus, services.log, likedId, { type: "resync" });
}
