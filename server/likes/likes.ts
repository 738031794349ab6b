import type { Kysely, Transaction } from "kysely";
import type { Database, LikeSource } from "../db/schema";
import { enqueueLikeNotification } from "../notifications/triggers";
import { blockBetween } from "../profiles/blocks";
import { visibleProfiles } from "../search/access";

export type LikeInput = { pool: string; likerId: number; likedId: number; source?: LikeSource };

/**
 * What a like did. `fresh` says it was not there before; a fresh like that finds the other
 * direction completes a match, which opens the match modal for this member (§4).
 */
export type LikeOutcome = { stands: false } | { stands: true; fresh: boolean; match: boolean };

/** A like inside the caller's transaction, so limits (the swipe game's) can be checked in it. */
export async function likeWithin(tx: Transaction<Database>, { pool, likerId, likedId, source = "profile" }: LikeInput): Promise<LikeOutcome> {
  if (likerId === likedId) return { stands: false };
  // Only a profile the liker may see: an invisible one is not there for them (§4).
  const target = await visibleProfiles(tx, { pool }).select("profiles.id").where("profiles.id", "=", likedId).executeTakeFirst();
  if (!target || (await blockBetween(tx, { viewerId: likerId, profileId: likedId }))) return { stands: false };
  const inserted = await tx
    .insertInto("likes")
    .values({ liker_id: likerId, liked_id: likedId, source })
    .onConflict((conflict) => conflict.doNothing())
    .returning("liker_id")
    .executeTakeFirst();
  const back = await tx.selectFrom("likes").select("liker_id").where("liker_id", "=", likedId).where("liked_id", "=", likerId).executeTakeFirst();
  // The liked member's push and mail, only if the like commits (the caller kicks the runner after).
  if (inserted) await enqueueLikeNotification(tx, { likerId, likedId, match: Boolean(back) });
  return { stands: true, fresh: Boolean(inserted), match: Boolean(back) };
}

/** A like from one profile to another of the same pool (§4); blocked pairs cannot like each other. */
export function likeProfile(db: Kysely<Database>, input: LikeInput): Promise<LikeOutcome> {
  return db.transaction().execute((tx) => likeWithin(tx, input));
}

export async function unlikeProfile(db: Kysely<Database>, { likerId, likedId }: { likerId: number; likedId: number }): Promise<void> {
  await db.deleteFrom("likes").where("liker_id", "=", likerId).where("liked_id", "=", likedId).execute();
}

/** Both directions between a viewer and a profile; opening the profile clears its like_new (§4). */
export async function likesBetween(db: Kysely<Database>, { viewerId, profileId }: { viewerId: number; profileId: number }) {
  const rows = await db
    .selectFrom("likes")
    .select(["liker_id", "seen_at"])
    .where((eb) =>
      eb.or([eb.and([eb("liker_id", "=", viewerId), eb("liked_id", "=", profileId)]), eb.and([eb("liker_id", "=", profileId), eb("liked_id", "=", viewerId)])])
    )
    .execute();
  const theirs = rows.find((row) => row.liker_id === profileId);
  const clearedNewLike = Boolean(theirs && !theirs.seen_at);
  if (clearedNewLike) {
    await db
      .updateTable("likes")
      .set({ seen_at: new Date() })
      .where("liker_id", "=", profileId)
      .where("liked_id", "=", viewerId)
      .where("seen_at", "is", null)
      .execute();
  }
  return { liked: rows.some((row) => row.liker_id === viewerId), likesViewer: Boolean(theirs), clearedNewLike };
}
