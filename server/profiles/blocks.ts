import { sql, type Kysely, type Transaction } from "kysely";
import { deleteConversationsBetween } from "../chat/conversations";
import type { Database } from "../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** Who blocked whom between a viewer and a profile, if either did. */
export async function blockBetween(db: Db, { viewerId, profileId }: { viewerId: number; profileId: number }): Promise<"viewer" | "them" | undefined> {
  const rows = await db
    .selectFrom("blocks")
    .select("blocker_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("blocker_id", "=", viewerId), eb("blocked_id", "=", profileId)]),
        eb.and([eb("blocker_id", "=", profileId), eb("blocked_id", "=", viewerId)]),
      ]),
    )
    .execute();
  if (rows.some((row) => row.blocker_id === viewerId)) return "viewer";
  return rows.length ? "them" : undefined;
}

/**
 * Blocks a profile of the same pool (§6): the likes and chats between the two go both ways, and
 * from now on neither finds, views or contacts the other.
 */
export async function blockProfile(db: Kysely<Database>, { pool, blockerId, blockedId }: { pool: string; blockerId: number; blockedId: number }): Promise<boolean> {
  if (blockerId === blockedId) return false;
  return db.transaction().execute(async (tx) => {
    const target = await tx.selectFrom("profiles").select("id").where("id", "=", blockedId).where("pool", "=", pool).executeTakeFirst();
    if (!target) return false;
    await tx.insertInto("blocks").values({ blocker_id: blockerId, blocked_id: blockedId }).onConflict((conflict) => conflict.doNothing()).execute();
    await tx
      .deleteFrom("likes")
      .where((eb) =>
        eb.or([
          eb.and([eb("liker_id", "=", blockerId), eb("liked_id", "=", blockedId)]),
          eb.and([eb("liker_id", "=", blockedId), eb("liked_id", "=", blockerId)]),
        ]),
      )
      .execute();
    await deleteConversationsBetween(tx, { a: blockerId, b: blockedId });
    return true;
  });
}

/** Lifts a block the member made (never one made against them). */
export async function unblockProfile(db: Kysely<Database>, { blockerId, blockedId }: { blockerId: number; blockedId: number }): Promise<void> {
  await db.deleteFrom("blocks").where("blocker_id", "=", blockerId).where("blocked_id", "=", blockedId).execute();
}

/** The profiles a member blocked, newest first, for their profile page. */
export async function blockedByMember(db: Kysely<Database>, { blockerId }: { blockerId: number }) {
  return db
    .selectFrom("blocks")
    .innerJoin("profiles", "profiles.id", "blocks.blocked_id")
    .select(["profiles.id", "profiles.name", sql<Date>`blocks.created_at`.as("blockedAt")])
    .where("blocks.blocker_id", "=", blockerId)
    .orderBy("blocks.created_at", "desc")
    .execute();
}
