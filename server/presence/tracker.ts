import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../log";
import { periodicFlush } from "../periodic-flush";

/** A member's last_seen_at is written at most this often: /members and /api/user.php must not write per request. */
export const SEEN_EVERY_MS = 60_000;
/** How often the signs of life gathered in memory are written, in one statement for everyone. */
const FLUSH_MS = 10_000;

/** What the session lookup loaded about a member's presence (compared, so most requests write nothing). */
export type LoadedPresence = { profileId: number; lastSeenAt: Date | null; hiddenAt: Date | null };

/**
 * Gathers signs of life (signed-in requests, the event streams open on this instance) and writes
 * profiles.last_seen_at in batches: a request only compares the value its session lookup loaded and
 * notes the member in memory when it is a minute old; a timer writes the notes in one statement.
 */
export function createPresenceTracker({ db, log }: { db: Kysely<Database>; log: Logger }) {
  /** Profiles seen since the last flush, with when. */
  const pending = new Map<number, Date>();
  /** When this instance last wrote each profile's last_seen_at (the loaded value may predate it). */
  const written = new Map<number, number>();
  /** Event streams open here, per profile. */
  const streams = new Map<number, number>();

  function note(profileId: number, at: Date) {
    const earlier = pending.get(profileId);
    if (!earlier || earlier < at) pending.set(profileId, at);
  }

  async function write(): Promise<void> {
    const now = Date.now();
    // Open streams are a heartbeat: their members stay seen while the stream lasts.
    for (const profileId of streams.keys()) {
      if (now - (written.get(profileId) ?? 0) >= SEEN_EVERY_MS) note(profileId, new Date(now));
    }
    for (const [profileId, at] of written) if (now - at >= SEEN_EVERY_MS) written.delete(profileId);
    if (pending.size === 0) return;
    const batch = [...pending];
    pending.clear();
    for (const [profileId] of batch) written.set(profileId, now);
    const ids = batch.map(([profileId]) => profileId);
    const times = batch.map(([, at]) => at.toISOString());
    try {
      await sql`
        update profiles set last_seen_at = seen.at
        from (select unnest(${ids}::bigint[]) as id, unnest(${times}::timestamptz[]) as at) as seen
        where profiles.id = seen.id and (profiles.last_seen_at is null or profiles.last_seen_at < seen.at)`.execute(db);
    } catch (error) {
      // Presence is a hint: the next sign of life writes it again.
      for (const [profileId] of batch) written.delete(profileId);
      log.warn({ err: error }, "writing last seen times failed");
    }
  }

  return {
    /**
     * A signed-in request: noted when the loaded last_seen_at is a minute old, or older than the
     * tab's going away (the member came back). Nothing is written here.
     */
    seen(member: LoadedPresence, now = new Date()): void {
      const cameBack = member.hiddenAt !== null && (member.lastSeenAt === null || member.hiddenAt >= member.lastSeenAt);
      const known = Math.max(member.lastSeenAt?.getTime() ?? 0, written.get(member.profileId) ?? 0);
      if (!cameBack && now.getTime() - known < SEEN_EVERY_MS) return;
      note(member.profileId, now);
    },
    /** An event stream opened here; answers the function to call when it ends. */
    streamOpened(profileId: number): () => void {
      streams.set(profileId, (streams.get(profileId) ?? 0) + 1);
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        const left = (streams.get(profileId) ?? 1) - 1;
        if (left > 0) streams.set(profileId, left);
        else streams.delete(profileId);
      };
    },
    /** Whether the member has an event stream open on this instance. */
    hasStream: (profileId: number) => streams.has(profileId),
    /** A sign of life noted here and not written yet. */
    pendingSince: (profileId: number): Date | undefined => pending.get(profileId),
    ...periodicFlush(write, FLUSH_MS),
  };
}

export type PresenceTracker = ReturnType<typeof createPresenceTracker>;
