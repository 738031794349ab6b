import { sql, type Kysely, type Transaction } from "kysely";
import type { Member } from "../accounts/member";
import { changeCredits } from "../credits/ledger";
import type { Database, LedgerReason } from "../db/schema";
import type { Site } from "../sites/schema";
import { conversationWith, memberConversation } from "./conversations";
import type { MessageRow } from "./messages";
import { FREE_CONVERSATIONS, isGift, messageCost } from "./pricing";

export type MessageContent =
  | { kind: "text"; body: string }
  | { kind: "gift"; gift: string; body?: string }
  | { kind: "image"; image: { filename: string; thumb_filename: string } };

/** Who a message goes to: an open conversation, or a profile (the first message opens one). */
export type MessageTarget = { conversationId: number } | { profileId: number };

export type SendRefusal =
  | "invalid"
  | "empty"
  | "too_long"
  | "confirm_email"
  | "unavailable"
  | "blocked_by_them"
  | "blocked_by_you"
  | "free_conversations"
  | "free_messages"
  | "premium_only"
  | "insufficient_credits";

export type SendResult =
  | {
      status: "sent" | "duplicate";
      message: MessageRow;
      /** The sender's balance afterwards. */
      credits: number;
      /** The member it reached (null: a profile the site runs, with no account to tell). */
      recipient: { profileId: number; unread: number } | null;
    }
  | { status: "refused"; reason: SendRefusal; credits: number };

/** A client message id: random and long enough that two never meet (a UUID, say). */
export const isClientId = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(value);

const LEDGER_REASON: Record<MessageContent["kind"], LedgerReason> = { text: "message", gift: "gift", image: "photo" };

/** What is wrong with a message before anything is looked up, if anything. */
export function checkContent(site: Pick<Site, "message_length">, content: MessageContent): SendRefusal | undefined {
  if (content.kind === "text") {
    const body = content.body.trim();
    if (body === "") return "empty";
    if ([...body].length > site.message_length) return "too_long";
  }
  if (content.kind === "gift" && !isGift(content.gift)) return "invalid";
  if (content.kind === "gift" && content.body !== undefined && [...content.body.trim()].length > site.message_length) return "too_long";
  return undefined;
}

/**
 * Sends one message in one transaction: the rules of §5 and §6, the charge on the ledger and the
 * message itself are written together or not at all. The sender's account row is locked first,
 * so their sends queue up; a retried client id finds its message and is neither stored nor
 * charged again. Publishing is the caller's, after commit.
 */
export async function sendMessage(
  db: Kysely<Database>,
  { site, member, target, clientId, content }: { site: Site; member: Member; target: MessageTarget; clientId: string; content: MessageContent },
): Promise<SendResult> {
  const invalid = !isClientId(clientId) ? "invalid" : checkContent(site, content);
  if (invalid) return { status: "refused", reason: invalid, credits: member.credits };
  // Messages of unactivated members reach nobody (§4): they are not taken at all (§5).
  if (member.status !== "confirmed") return { status: "refused", reason: "confirm_email", credits: member.credits };

  return db.transaction().execute(async (tx) => {
    const account = await tx
      .selectFrom("accounts")
      .select(["credits", "paid_user", "status"])
      .where("id", "=", member.accountId)
      .where("site_id", "=", site.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const refuse = (reason: SendRefusal) => ({ status: "refused" as const, reason, credits: account.credits });
    if (account.status !== "confirmed") return refuse("confirm_email");

    const earlier = await tx.selectFrom("messages").selectAll().where("sender_id", "=", member.profileId).where("client_id", "=", clientId).executeTakeFirst();
    if (earlier) return { status: "duplicate" as const, message: earlier, credits: account.credits, recipient: await recipientOf(tx, earlier) };

    const recipient = await resolveRecipient(tx, { site, member, target });
    if (!recipient) return refuse("unavailable");
    if (recipient.blocked) return refuse(recipient.blocked === "viewer" ? "blocked_by_you" : "blocked_by_them");
    const otherId = recipient.id;

    // Both directions of a pair queue on one lock, so two first messages open one conversation.
    // Profile ids outgrow the lock's two 32-bit keys, so each is hashed to one (a clash only queues).
    const [low, high] = [Math.min(member.profileId, otherId), Math.max(member.profileId, otherId)];
    await sql`select pg_advisory_xact_lock(hashtext(${String(low)}), hashtext(${String(high)}))`.execute(tx);
    const existing = await conversationWith(tx, { profileId: member.profileId, otherId });

    if (!account.paid_user) {
      if (content.kind === "image") return refuse("premium_only");
      if (!existing && (await countStarted(tx, member.profileId)) >= FREE_CONVERSATIONS) return refuse("free_conversations");
      if ((await countSent(tx, member.profileId)) >= site.free_messages) return refuse("free_messages");
    }

    const cost = messageCost(site, member.country, content.kind);
    let credits = account.credits;
    if (cost > 0) {
      const charge = await changeCredits(tx, {
        siteId: site.id,
        accountId: member.accountId,
        delta: -cost,
        reason: LEDGER_REASON[content.kind],
        idempotencyKey: `message:${clientId}`,
      });
      if (charge.status !== "applied") return refuse("insufficient_credits");
      credits = charge.balance;
    }

    const conversationId = existing?.id ?? (await openConversation(tx, { pool: site.pool, from: member.profileId, to: otherId }));
    // One statement, one round trip: the message, the conversation's time, and both members' rows
    // (the sender has read through it, the other has one more unread; it is back in both lists).
    const message = await tx
      .with("message", (db) =>
        db
          .insertInto("messages")
          .values({
            conversation_id: conversationId,
            sender_id: member.profileId,
            kind: content.kind,
            body: content.kind === "image" ? "" : (content.body ?? "").trim(),
            image_filename: content.kind === "image" ? content.image.filename : null,
            image_thumb_filename: content.kind === "image" ? content.image.thumb_filename : null,
            gift: content.kind === "gift" ? content.gift : null,
            client_id: clientId,
            credits: cost,
          })
          .returningAll(),
      )
      .with("conversation", (db) =>
        db
          .updateTable("conversations")
          .set({ last_message_at: sql<Date>`(select created_at from message)` })
          .where("id", "=", conversationId)
          .returning("id"),
      )
      .with("members", (db) =>
        db
          .updateTable("conversation_members")
          .set({
            hidden: false,
            read_through: sql<number>`case when profile_id = ${member.profileId} then (select id from message) else read_through end`,
            unread_count: sql<number>`case when profile_id = ${otherId} then unread_count + 1 else unread_count end`,
          })
          .where("conversation_id", "=", conversationId)
          .where("profile_id", "in", [member.profileId, otherId])
          .returning("profile_id"),
      )
      .selectFrom("message")
      .selectAll()
      .executeTakeFirstOrThrow();
    return { status: "sent" as const, message, credits, recipient: await recipientOf(tx, message) };
  });
}

/**
 * The profile a target names, when the member may write to it: live, in the site's pool, and not
 * the system; with who blocked whom, if either did (one round trip).
 */
async function resolveRecipient(
  tx: Transaction<Database>,
  { site, member, target }: { site: Site; member: Member; target: MessageTarget },
): Promise<{ id: number; blocked: "viewer" | "them" | undefined } | undefined> {
  let otherId: number | null;
  if ("conversationId" in target) {
    const mine = await memberConversation(tx, { profileId: member.profileId, conversationId: target.conversationId });
    otherId = mine?.otherId ?? null;
  } else {
    otherId = target.profileId;
  }
  if (otherId === null || otherId === member.profileId) return undefined;
  const me = member.profileId;
  const other = await tx
    .selectFrom("profiles")
    .select("id")
    // 2: the member blocked them; 1: they blocked the member (blockBetween's answer, in this query).
    .select(
      sql<number | null>`(select max(case when blocker_id = ${me} then 2 else 1 end) from blocks
        where (blocker_id = ${me} and blocked_id = profiles.id) or (blocker_id = profiles.id and blocked_id = ${me}))`.as("blocked"),
    )
    .where("id", "=", otherId)
    .where("pool", "=", site.pool)
    .where("status", "=", "active")
    .executeTakeFirst();
  return other && { id: other.id, blocked: other.blocked === 2 ? "viewer" : other.blocked === 1 ? "them" : undefined };
}

async function openConversation(tx: Transaction<Database>, { pool, from, to }: { pool: string; from: number; to: number }): Promise<number> {
  const { id } = await tx.insertInto("conversations").values({ pool, started_by: from }).returning("id").executeTakeFirstOrThrow();
  await tx
    .insertInto("conversation_members")
    .values([
      { conversation_id: id, profile_id: from, other_profile_id: to },
      { conversation_id: id, profile_id: to, other_profile_id: from },
    ])
    .execute();
  return id;
}

/** The member a stored message went to, with their unread total, for the event after commit. */
async function recipientOf(tx: Transaction<Database>, message: MessageRow): Promise<{ profileId: number; unread: number } | null> {
  const other = await tx
    .selectFrom("conversation_members")
    .innerJoin("profiles", "profiles.id", "conversation_members.profile_id")
    .select("conversation_members.profile_id")
    // The messages badge of unreadTotal (conversations.ts), in the same round trip.
    .select((eb) =>
      eb
        .selectFrom("conversation_members as theirs")
        .select(sql<string>`coalesce(sum(theirs.unread_count), 0)`.as("total"))
        .whereRef("theirs.profile_id", "=", "conversation_members.profile_id")
        .where("theirs.hidden", "=", false)
        .as("unread"),
    )
    .where("conversation_members.conversation_id", "=", message.conversation_id)
    .where("conversation_members.profile_id", "!=", message.sender_id ?? 0)
    .where("profiles.account_id", "is not", null)
    .executeTakeFirst();
  return other ? { profileId: other.profile_id, unread: Number(other.unread ?? 0) } : null;
}

async function countStarted(tx: Transaction<Database>, profileId: number): Promise<number> {
  const row = await tx.selectFrom("conversations").select((eb) => eb.fn.countAll<string>().as("count")).where("started_by", "=", profileId).executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countSent(tx: Transaction<Database>, profileId: number): Promise<number> {
  const row = await tx.selectFrom("messages").select((eb) => eb.fn.countAll<string>().as("count")).where("sender_id", "=", profileId).executeTakeFirstOrThrow();
  return Number(row.count);
}
