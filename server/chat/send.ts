import { sql, type Kysely, type QueryCreator, type Transaction } from "kysely";
import type { Member } from "../accounts/member";
import { countLedgerWrite, withCreditChange } from "../credits/ledger";
import type { Database, LedgerReason } from "../db/schema";
import { MESSAGE_SENT_JOB, messageJobKeyPrefix } from "../notifications/triggers";
import type { Site } from "../sites/schema";
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
 * message itself are written together or not at all. Five round trips when the conversation exists
 * (begin; the locks; what the rules read; the write; commit): the sender's account row is locked
 * first, so their sends queue up, then the pair's lock, so two first messages open one conversation;
 * everything the rules need is read after both waits, so it is current. A retried client id finds
 * its message and is neither stored nor charged again. The recipient's notification job is enqueued
 * with the message; publishing and kicking the job runner are the caller's, after commit.
 */
export async function sendMessage(
  db: Kysely<Database>,
  { site, member, target, clientId, content }: { site: Site; member: Member; target: MessageTarget; clientId: string; content: MessageContent },
): Promise<SendResult> {
  const invalid = !isClientId(clientId) ? "invalid" : checkContent(site, content);
  if (invalid) return { status: "refused", reason: invalid, credits: member.credits };
  // Messages of unactivated members reach nobody (§4): they are not taken at all (§5).
  if (member.status !== "confirmed") return { status: "refused", reason: "confirm_email", credits: member.credits };
  if ("profileId" in target && target.profileId === member.profileId) return { status: "refused", reason: "unavailable", credits: member.credits };
  const cost = messageCost(site, member.country, content.kind);

  try {
    return await db.transaction().execute(async (tx) => {
      const locked = await lockSender(tx, { site, member, target });
      const refuse = (reason: SendRefusal) => ({ status: "refused" as const, reason, credits: locked.credits });
      if (locked.status !== "confirmed") return refuse("confirm_email");
      const otherId = locked.otherId;
      if (otherId === null || otherId === member.profileId) {
        // A conversation that is not the member's, or with the system sender: nothing to write to,
        // unless this is the retry of a message already stored.
        const earlier = await earlierMessage(tx, { member, clientId });
        return earlier ? duplicate(tx, earlier, locked.credits) : refuse("unavailable");
      }

      const state = await rulesState(tx, { site, member, otherId, clientId, paid: locked.paid_user });
      if (state.earlierId !== null) return duplicate(tx, await earlierMessage(tx, { member, clientId }), locked.credits);
      if (state.recipientIsMember === null) return refuse("unavailable");
      if (state.blocked !== null) return refuse(state.blocked === 2 ? "blocked_by_you" : "blocked_by_them");
      if (!locked.paid_user) {
        if (content.kind === "image") return refuse("premium_only");
        if (state.conversationId === null && Number(state.started) >= FREE_CONVERSATIONS) return refuse("free_conversations");
        if (Number(state.sent) >= site.free_messages) return refuse("free_messages");
      }
      if (locked.credits < cost) return refuse("insufficient_credits");

      const conversationId = state.conversationId ?? (await openConversation(tx, { pool: site.pool, from: member.profileId, to: otherId }));
      const charge = cost > 0 && { siteId: site.id, accountId: member.accountId, delta: -cost, reason: LEDGER_REASON[content.kind], idempotencyKey: `message:${clientId}` };
      const { chargedCredits, recipientUnread, ...message } = await storeMessage(charge ? withCreditChange(tx, charge, locked.credits) : tx, {
        member,
        otherId,
        conversationId,
        clientId,
        content,
        cost,
        recipientIsMember: state.recipientIsMember,
      });
      // The ledger already had this key, though no message carries the client id: store nothing.
      if (charge && chargedCredits === null) throw new KeyAlreadyCharged(locked.credits);
      if (charge) countLedgerWrite(charge);
      return {
        status: "sent" as const,
        message,
        credits: charge ? Number(chargedCredits) : locked.credits,
        recipient: state.recipientIsMember ? { profileId: otherId, unread: Number(recipientUnread) } : null,
      };
    });
  } catch (error) {
    if (error instanceof KeyAlreadyCharged) return { status: "refused", reason: "insufficient_credits", credits: error.credits };
    throw error;
  }
}

/** Rolls a send back whose charge the ledger refused as a repeat. */
class KeyAlreadyCharged extends Error {
  constructor(readonly credits: number) {
    super("the ledger already holds this message's charge");
  }
}

/**
 * The first statement of a send: locks the sender's account row (reading its balance and state as
 * they are after the wait), then the pair's lock, and names the other side of the target. Profile ids
 * outgrow the advisory lock's two 32-bit keys, so each is hashed to one (a clash only queues). The
 * row lock comes first (the materialized CTE), as in every other transaction that takes both.
 */
async function lockSender(tx: Transaction<Database>, { site, member, target }: { site: Site; member: Member; target: MessageTarget }) {
  const me = member.profileId;
  const other =
    "conversationId" in target
      ? sql<number | null>`(select other_profile_id from conversation_members where profile_id = ${me} and conversation_id = ${target.conversationId})`
      : sql<number>`${target.profileId}::bigint`;
  const row = await tx
    .with(
      (cte) => cte("sender").materialized(),
      (db) => db.selectFrom("accounts").select(["credits", "paid_user", "status"]).where("id", "=", member.accountId).where("site_id", "=", site.id).forUpdate(),
    )
    .with("target", (db) => db.selectNoFrom(other.as("other_id")))
    .selectFrom(["sender", "target"])
    .select(["sender.credits", "sender.paid_user", "sender.status", "target.other_id as otherId"])
    // Strict: no other side, no pair lock.
    .select(sql<null>`pg_advisory_xact_lock(hashtext(least(${me}::bigint, target.other_id)::text), hashtext(greatest(${me}::bigint, target.other_id)::text))`.as("pairLocked"))
    .executeTakeFirstOrThrow();
  return { ...row, otherId: row.otherId === null ? null : Number(row.otherId) };
}

/**
 * Everything the rules of a send read, in one round trip after the locks: an earlier message with
 * this client id, whether the other side may be written to (live, in the pool; a member or a profile
 * the site runs), who blocked whom (2: the member, 1: the other), the pair's conversation, and for a
 * free member how far their free conversations and messages went (counted only up to the limit).
 */
async function rulesState(
  tx: Transaction<Database>,
  { site, member, otherId, clientId, paid }: { site: Site; member: Member; otherId: number; clientId: string; paid: boolean },
) {
  const me = member.profileId;
  return tx
    .selectNoFrom((eb) => [
      eb.selectFrom("messages").select("id").where("sender_id", "=", me).where("client_id", "=", clientId).as("earlierId"),
      eb
        .selectFrom("profiles")
        .select(sql<boolean>`account_id is not null`.as("member"))
        .where("id", "=", otherId)
        .where("pool", "=", site.pool)
        .where("status", "=", "active")
        .as("recipientIsMember"),
      sql<number | null>`(select max(case when blocker_id = ${me} then 2 else 1 end) from blocks
        where (blocker_id = ${me} and blocked_id = ${otherId}) or (blocker_id = ${otherId} and blocked_id = ${me}))`.as("blocked"),
      // The pair's unique index is on this expression: one probe.
      eb.selectFrom("conversation_members").select("conversation_id").where("profile_id", "=", me).where(sql`coalesce(other_profile_id, 0)`, "=", otherId).as("conversationId"),
    ])
    .$if(!paid, (query) =>
      query.select([
        sql<string>`(select count(*) from (select 1 from conversations where started_by = ${me} limit ${FREE_CONVERSATIONS}) as started)`.as("started"),
        sql<string>`(select count(*) from (select 1 from messages where sender_id = ${me} limit ${site.free_messages}) as sent)`.as("sent"),
      ]),
    )
    .executeTakeFirstOrThrow();
}

async function earlierMessage(tx: Transaction<Database>, { member, clientId }: { member: Member; clientId: string }) {
  return tx.selectFrom("messages").selectAll().where("sender_id", "=", member.profileId).where("client_id", "=", clientId).executeTakeFirst();
}

/** A retried send: its stored message, told again (the first publish may be what failed). */
async function duplicate(tx: Transaction<Database>, message: MessageRow | undefined, credits: number): Promise<SendResult> {
  if (!message) throw new Error("the earlier message of this client id is gone");
  return { status: "duplicate", message, credits, recipient: await recipientOf(tx, message) };
}

/**
 * One statement, one round trip: the charge (when `db` opens with one, see withCreditChange), the
 * message, the conversation's time, the recipient's notification job, and both members' rows (the sender has read through it, the
 * other has one more unread; it is back in both lists); with the new balance and, for a member,
 * their unread total (this conversation's new count plus their other conversations').
 */
async function storeMessage(
  db: QueryCreator<Database>,
  input: { member: Member; otherId: number; conversationId: number; clientId: string; content: MessageContent; cost: number; recipientIsMember: boolean },
) {
  const { member, otherId, conversationId, clientId, content, cost, recipientIsMember } = input;
  return db
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
        .returning(["profile_id", "unread_count"]),
    )
    // A member's notification job (push now, mail later), committed with the message or not at all;
    // in this statement, so the send keeps its round trips. The key makes a second insert nothing.
    .with("notification", (db) =>
      db
        .insertInto("jobs")
        .columns(["kind", "payload", "key"])
        .expression((eb) =>
          eb
            .selectFrom("message")
            .select([
              sql<string>`${MESSAGE_SENT_JOB}::text`.as("kind"),
              sql<string>`jsonb_build_object('messageId', message.id)`.as("payload"),
              sql<string>`${messageJobKeyPrefix}::text || message.id`.as("key"),
            ])
            .where(sql<boolean>`${recipientIsMember}::boolean`),
        )
        .onConflict((conflict) => conflict.column("key").where("finished_at", "is", null).doNothing()),
    )
    .selectFrom("message")
    .selectAll("message")
    .select(cost > 0 ? sql<number | null>`(select credits from charged)`.as("chargedCredits") : sql<null>`null`.as("chargedCredits"))
    .select(
      recipientIsMember
        ? sql<string>`(select unread_count from members where profile_id = ${otherId})
            + (select coalesce(sum(unread_count), 0) from conversation_members where profile_id = ${otherId} and hidden = false and conversation_id <> ${conversationId})`.as("recipientUnread")
        : sql<null>`null`.as("recipientUnread"),
    )
    .executeTakeFirstOrThrow();
}

/** Opens the pair's conversation and both members' rows, in one statement. */
async function openConversation(tx: Transaction<Database>, { pool, from, to }: { pool: string; from: number; to: number }): Promise<number> {
  const { conversation_id } = await tx
    .with("opened", (db) => db.insertInto("conversations").values({ pool, started_by: from }).returning("id"))
    .insertInto("conversation_members")
    .columns(["conversation_id", "profile_id", "other_profile_id"])
    .expression((eb) =>
      eb
        .selectFrom("opened")
        .select(["opened.id", sql<number>`${from}::bigint`.as("profile_id"), sql<number>`${to}::bigint`.as("other_profile_id")])
        .unionAll(eb.selectFrom("opened").select(["opened.id", sql<number>`${to}::bigint`.as("profile_id"), sql<number>`${from}::bigint`.as("other_profile_id")])),
    )
    .returning("conversation_id")
    .executeTakeFirstOrThrow();
  return conversation_id;
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
