import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { photoUrls, type PhotoUrls } from "../photos/urls";
import type { Site } from "../sites/schema";
import { historyStart, toChatMessage, type ChatMessage } from "./messages";

type Db = Kysely<Database> | Transaction<Database>;

/** A row of the conversation list (§3 chats): the other side, the unread count and the last message. */
export type ConversationSummary = {
  id: number;
  /** null: the system sender. */
  profile: { id: number; name: string; image: PhotoUrls | null; fictional: boolean } | null;
  unread: number;
  lastMessage: ChatMessage | null;
  lastMessageAt: string;
};

/**
 * The conversations a member has not removed, the latest first. A deleted member's side shows as
 * `deletedName` (in the reader's language), without a photo: the conversation stays, the person goes.
 */
export async function listConversations(
  db: Db,
  { site, profileId, limit = 200, deletedName = "" }: { site: Site; profileId: number; limit?: number; deletedName?: string },
): Promise<ConversationSummary[]> {
  const start = historyStart(site);
  const rows = await db
    .selectFrom("conversation_members as mine")
    .innerJoin("conversations", "conversations.id", "mine.conversation_id")
    .leftJoin("profiles as other", "other.id", "mine.other_profile_id")
    .leftJoin("photos", (join) => join.onRef("photos.id", "=", "other.main_photo_id").on("photos.status", "=", "active"))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("messages")
          .selectAll("messages")
          .whereRef("messages.conversation_id", "=", "mine.conversation_id")
          .whereRef("messages.id", ">", "mine.cleared_through")
          .$if(start !== undefined, (query) => query.where("messages.created_at", ">=", start as Date))
          .orderBy("messages.id", "desc")
          .limit(1)
          .as("last"),
      (join) => join.onTrue(),
    )
    .select([
      "mine.conversation_id as id",
      "mine.unread_count as unread",
      "mine.other_profile_id as otherId",
      "other.name as otherName",
      "other.fictional as otherFictional",
      "other.status as otherStatus",
      "photos.filename",
      "photos.thumb_filename",
      "conversations.last_message_at as lastMessageAt",
      "last.id as lastId",
      "last.conversation_id as lastConversationId",
      "last.client_id as lastClientId",
      "last.sender_id as lastSenderId",
      "last.kind as lastKind",
      "last.body as lastBody",
      "last.image_filename as lastImageFilename",
      "last.image_thumb_filename as lastImageThumbFilename",
      "last.gift as lastGift",
      "last.credits as lastCredits",
      "last.created_at as lastCreatedAt",
    ])
    .where("mine.profile_id", "=", profileId)
    .where("mine.hidden", "=", false)
    .orderBy("conversations.last_message_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    profile:
      row.otherId === null
        ? null
        : {
            id: row.otherId,
            name: row.otherStatus === "deleted" ? deletedName : (row.otherName ?? ""),
            fictional: row.otherFictional ?? false,
            image: row.otherStatus !== "deleted" && row.filename && row.thumb_filename ? photoUrls(site, { filename: row.filename, thumb_filename: row.thumb_filename }) : null,
          },
    unread: row.unread,
    lastMessageAt: new Date(row.lastMessageAt).toISOString(),
    lastMessage:
      row.lastId === null || row.lastKind === null || row.lastCreatedAt === null || row.lastConversationId === null
        ? null
        : toChatMessage(site, {
            id: row.lastId,
            conversation_id: row.lastConversationId,
            client_id: row.lastClientId,
            sender_id: row.lastSenderId,
            kind: row.lastKind,
            body: row.lastBody ?? "",
            image_filename: row.lastImageFilename,
            image_thumb_filename: row.lastImageThumbFilename,
            gift: row.lastGift,
            credits: row.lastCredits ?? 0,
            created_at: row.lastCreatedAt,
          }),
  }));
}

/** A member's side of one conversation, or undefined when it is not theirs. */
export async function memberConversation(db: Db, { profileId, conversationId }: { profileId: number; conversationId: number }) {
  return db
    .selectFrom("conversation_members")
    .select(["conversation_id as id", "other_profile_id as otherId", "unread_count as unread", "read_through as readThrough", "hidden"])
    .where("profile_id", "=", profileId)
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
}

/** The conversation between a member and another profile, if they have one. */
export async function conversationWith(db: Db, { profileId, otherId }: { profileId: number; otherId: number }) {
  return db
    .selectFrom("conversation_members")
    .select(["conversation_id as id", "hidden"])
    .where("profile_id", "=", profileId)
    .where("other_profile_id", "=", otherId)
    .executeTakeFirst();
}

/** How far the other side has read this member's messages (the "read" mark under their bubbles). */
export async function readByOther(db: Db, { profileId, conversationId }: { profileId: number; conversationId: number }): Promise<number> {
  const row = await db
    .selectFrom("conversation_members")
    .select("read_through")
    .where("conversation_id", "=", conversationId)
    .where("profile_id", "!=", profileId)
    .executeTakeFirst();
  return row?.read_through ?? 0;
}

/** All unread messages of a member: the messages badge (§2). */
export async function unreadTotal(db: Db, { profileId }: { profileId: number }): Promise<number> {
  const row = await unreadTotalQuery(db, { profileId }).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The query of unreadTotal, to read along with other counts in one round trip. */
export function unreadTotalQuery(db: Db, { profileId }: { profileId: number }) {
  return db
    .selectFrom("conversation_members")
    .select(sql<string>`coalesce(sum(unread_count), 0)`.as("total"))
    .where("profile_id", "=", profileId)
    .where("hidden", "=", false);
}

export type ReadReceipt = { conversationId: number; readThrough: number; otherId: number | null };

/**
 * Opening a conversation (§4): its unread count goes to 0 and everything in it up to now counts
 * as read, which the other side sees. Answers undefined when nothing changed.
 */
export async function markRead(db: Db, { profileId, conversationId }: { profileId: number; conversationId: number }): Promise<ReadReceipt | undefined> {
  const newest = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
  const through = Number(newest?.id ?? 0);
  const row = await db
    .updateTable("conversation_members")
    .set({ unread_count: 0, read_through: sql<number>`greatest(read_through, ${through})` })
    .where("profile_id", "=", profileId)
    .where("conversation_id", "=", conversationId)
    .where((eb) => eb.or([eb("unread_count", ">", 0), eb("read_through", "<", through)]))
    .returning(["read_through", "other_profile_id"])
    .executeTakeFirst();
  return row && { conversationId, readThrough: row.read_through, otherId: row.other_profile_id };
}

/**
 * Removes a conversation for one member (§4, DELETE /api/chat.php): it leaves their list with
 * everything in it up to now; the other side keeps theirs, and a new message brings it back.
 */
export async function removeConversation(db: Kysely<Database>, { profileId, conversationId }: { profileId: number; conversationId: number }): Promise<boolean> {
  const newest = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
  const result = await db
    .updateTable("conversation_members")
    .set({ hidden: true, unread_count: 0, cleared_through: Number(newest?.id ?? 0) })
    .where("profile_id", "=", profileId)
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Blocking removes the chats between two profiles for both (§6); inside the block's transaction. */
export async function deleteConversationsBetween(tx: Transaction<Database>, { a, b }: { a: number; b: number }): Promise<void> {
  const shared = tx.selectFrom("conversation_members").select("conversation_id").where("profile_id", "=", a).where("other_profile_id", "=", b);
  await tx.deleteFrom("conversations").where("id", "in", shared).execute();
}

/**
 * A message from the system sender (§3) into the member's conversation with it, made on first use.
 * Costs nothing and cannot be answered.
 */
export async function postSystemMessage(tx: Transaction<Database>, { pool, profileId, body }: { pool: string; profileId: number; body: string }): Promise<number> {
  let conversation = await tx
    .selectFrom("conversation_members")
    .select("conversation_id as id")
    .where("profile_id", "=", profileId)
    .where("other_profile_id", "is", null)
    .executeTakeFirst();
  if (!conversation) {
    const created = await tx.insertInto("conversations").values({ pool, started_by: null }).returning("id").executeTakeFirstOrThrow();
    await tx.insertInto("conversation_members").values({ conversation_id: created.id, profile_id: profileId, other_profile_id: null }).execute();
    conversation = created;
  }
  const message = await tx
    .insertInto("messages")
    .values({ conversation_id: conversation.id, sender_id: null, kind: "system", body, image_filename: null, image_thumb_filename: null, gift: null, client_id: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx.updateTable("conversations").set({ last_message_at: new Date() }).where("id", "=", conversation.id).execute();
  await tx
    .updateTable("conversation_members")
    .set({ unread_count: sql<number>`unread_count + 1`, hidden: false })
    .where("conversation_id", "=", conversation.id)
    .where("profile_id", "=", profileId)
    .execute();
  return message.id;
}
