import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, MessageKind, MessagesTable } from "../db/schema";
import { photoUrls, type PhotoUrls } from "../photos/urls";
import type { Site } from "../sites/schema";

type Db = Kysely<Database> | Transaction<Database>;

/** A message as screens, the API and the event stream carry it. */
export type ChatMessage = {
  id: number;
  conversation_id: number;
  /** The client's id for it, so the sending tab can match its pending bubble. */
  client_id: string | null;
  /** The sender's profile id; null is the system sender. */
  sender: number | null;
  kind: MessageKind;
  body: string;
  image: PhotoUrls | null;
  gift: string | null;
  created_at: string;
};

export type MessageRow = Selectable<MessagesTable>;

export function toChatMessage(site: Pick<Site, "cdn_prefix">, row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    client_id: row.client_id,
    sender: row.sender_id,
    kind: row.kind,
    body: row.body,
    image: row.image_filename && row.image_thumb_filename ? photoUrls(site, { filename: row.image_filename, thumb_filename: row.image_thumb_filename }) : null,
    gift: row.gift,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The first moment a site that limits history still shows (§8 chat history limit). */
export function historyStart(site: Pick<Site, "chat_history_days">, now = new Date()): Date | undefined {
  return site.chat_history_days === undefined ? undefined : new Date(now.getTime() - site.chat_history_days * 86_400_000);
}

export const MESSAGES_PAGE_SIZE = 50;

/**
 * One page of a conversation for one of its members, newest last: what they removed and what the
 * site's history limit hides stay out. `before` pages back by message id.
 */
export async function conversationMessages(
  db: Db,
  { site, profileId, conversationId, before, limit = MESSAGES_PAGE_SIZE }: { site: Site; profileId: number; conversationId: number; before?: number; limit?: number },
): Promise<{ messages: MessageRow[]; hasOlder: boolean }> {
  let query = db
    .selectFrom("messages")
    .innerJoin("conversation_members as mine", (join) => join.onRef("mine.conversation_id", "=", "messages.conversation_id").on("mine.profile_id", "=", profileId))
    .selectAll("messages")
    .where("messages.conversation_id", "=", conversationId)
    .whereRef("messages.id", ">", "mine.cleared_through");
  const start = historyStart(site);
  if (start) query = query.where("messages.created_at", ">=", start);
  if (before !== undefined) query = query.where("messages.id", "<", before);
  const rows = await query.orderBy("messages.id", "desc").limit(limit + 1).execute();
  return { messages: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
}

/** How long after a message a later-numbered one may still commit; catch-up looks back this far. */
const COMMIT_SLACK_MS = 5_000;

/**
 * The messages a member's tab has not seen since message `since`, oldest first: those to them and
 * those they sent from another tab. It looks a few seconds further back, because ids are handed
 * out before commit; the tab drops what it already has (message `since` itself is never sent again).
 */
export async function messagesSince(
  db: Db,
  { site, profileId, since, limit = 200 }: { site: Pick<Site, "chat_history_days">; profileId: number; since: number; limit?: number },
): Promise<MessageRow[]> {
  const anchor = await db.selectFrom("messages").select("created_at").where("id", "=", since).executeTakeFirst();
  // The site's history limit holds here as in the message list: an old Last-Event-ID reveals nothing older.
  const start = historyStart(site);
  const rows = await db
    .selectFrom("messages")
    .innerJoin("conversation_members as mine", (join) => join.onRef("mine.conversation_id", "=", "messages.conversation_id").on("mine.profile_id", "=", profileId))
    .selectAll("messages")
    .whereRef("messages.id", ">", "mine.cleared_through")
    .$if(start !== undefined, (query) => query.where("messages.created_at", ">=", start as Date))
    .where((eb) =>
      anchor
        ? eb.or([
            eb("messages.id", ">", since),
            // Message `since` itself the tab has for certain: it is the id the tab named.
            eb.and([eb("messages.id", "!=", since), eb("messages.created_at", ">", new Date(new Date(anchor.created_at).getTime() - COMMIT_SLACK_MS))]),
          ])
        : eb("messages.id", ">", since),
    )
    .orderBy("messages.id")
    .limit(limit)
    .execute();
  return rows;
}
