import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { blockBetween } from "../profiles/blocks";

/**
 * A like from one profile to another of the same pool (§4); a like both ways is a match. Blocked
 * pairs cannot like each other. Answers whether the like stands.
 */
export async function likeProfile(db: Kysely<Database>, { pool, likerId, likedId }: { pool: string; likerId: number; likedId: number }): Promise<boolean> {
  if (likerId === likedId) return false;
  return db.transaction().execute(async (tx) => {
    const target = await tx.selectFrom("profiles").select("id").where("id", "=", likedId).where("pool", "=", pool).where("status", "=", "active").executeTakeFirst();
    if (!target || (await blockBetween(tx, { viewerId: likerId, profileId: likedId }))) return false;
    await tx.insertInto("likes").values({ liker_id: likerId, liked_id: likedId }).onConflict((conflict) => conflict.doNothing()).execute();
    return true;
  });
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
      eb.or([
        eb.and([eb("liker_id", "=", viewerId), eb("liked_id", "=", profileId)]),
        eb.and([eb("liker_id", "=", profileId), eb("liked_id", "=", viewerId)]),
      ]),
    )
    .execute();
  const theirs = rows.find((row) => row.liker_id === profileId);
  if (theirs && !theirs.seen_at) {
    await db.updateTable("likes").set({ seen_at: new Date() }).where("liker_id", "=", profileId).where("liked_id", "=", viewerId).where("seen_at", "is", null).execute();
  }
  return { liked: rows.some((row) => row.liker_id === viewerId), likesViewer: Boolean(theirs) };
}
