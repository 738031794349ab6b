import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * What a member's data export holds (issue 19 item 7, GDPR art. 15 and 20): every row that is the
 * member's own, read by the member's account and profile on their brand only. Of other members
 * only the public profile name appears (who liked whom, with whom a conversation is); never the
 * password hash, nor what staff wrote about the member.
 */

export type ExportOwner = { siteId: string; accountId: number; profileId: number };

async function account(db: Kysely<Database>, { siteId, accountId }: ExportOwner) {
  return db
    .selectFrom("accounts")
    .select([
      "id",
      "site_id",
      "email",
      "status",
      "language",
      "country",
      "date_of_birth",
      "signup_message",
      "tracking",
      "credits",
      "paid_user",
      "notifications_disabled",
      "created_at",
      "activated_at",
      "deleted_at",
    ])
    .where("id", "=", accountId)
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow();
}

async function profile(db: Kysely<Database>, { siteId, accountId, profileId }: ExportOwner) {
  return db
    .selectFrom("profiles")
    .select([
      "id",
      "name",
      "date_of_birth",
      "gender",
      "sexuality",
      "country",
      "region",
      "city",
      "reason",
      "about_me",
      "tattoos",
      "hair_colour",
      "eye_colour",
      "body_type",
      "relationship_status",
      "interests",
      "geolocation",
      "invisible",
      "status",
      "created_at",
      "updated_at",
    ])
    .where("id", "=", profileId)
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow();
}

/** The member's photos in their order, with the storage key of each original. */
async function exportPhotos(db: Kysely<Database>, { profileId }: Pick<ExportOwner, "profileId">) {
  return db
    .selectFrom("photos")
    .select(["id", "filename", "width", "height", "status", "position", "rejection_reason", "created_at"])
    .where("profile_id", "=", profileId)
    .where("status", "!=", "deleted")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

async function preferences(db: Kysely<Database>, { siteId, accountId }: ExportOwner) {
  const [notifications, pushSubscriptions] = await Promise.all([
    db
      .selectFrom("notification_preferences")
      .select(["kind", "channel", "enabled", "updated_at"])
      .where("account_id", "=", accountId)
      .where("site_id", "=", siteId)
      .orderBy("kind")
      .orderBy("channel")
      .execute(),
    // The push service's address of each subscribed browser; its keys are secrets of that browser, not data about the member.
    db.selectFrom("push_subscriptions").select(["endpoint", "created_at"]).where("account_id", "=", accountId).orderBy("id").execute(),
  ]);
  return { notifications, pushSubscriptions };
}

async function likes(db: Kysely<Database>, { profileId }: ExportOwner) {
  const given = await db
    .selectFrom("likes")
    .innerJoin("profiles", "profiles.id", "likes.liked_id")
    .select(["profiles.name as profile", "likes.source", "likes.created_at"])
    .where("likes.liker_id", "=", profileId)
    .orderBy("likes.created_at")
    .execute();
  const received = await db
    .selectFrom("likes")
    .innerJoin("profiles", "profiles.id", "likes.liker_id")
    .select(["profiles.name as profile", "likes.created_at", "likes.seen_at"])
    .where("likes.liked_id", "=", profileId)
    .orderBy("likes.created_at")
    .execute();
  const blocked = await db
    .selectFrom("blocks")
    .innerJoin("profiles", "profiles.id", "blocks.blocked_id")
    .select(["profiles.name as profile", "blocks.created_at"])
    .where("blocks.blocker_id", "=", profileId)
    .orderBy("blocks.created_at")
    .execute();
  return { given, received, blocked };
}

/** Each conversation of the member with the other side's name and all its messages still stored, oldest first. */
async function conversations(db: Kysely<Database>, { profileId }: ExportOwner) {
  const mine = await db
    .selectFrom("conversation_members as me")
    .innerJoin("conversations", "conversations.id", "me.conversation_id")
    .leftJoin("profiles as other", "other.id", "me.other_profile_id")
    .select(["conversations.id", "other.name as with", "conversations.created_at", "conversations.last_message_at"])
    .where("me.profile_id", "=", profileId)
    .orderBy("conversations.created_at")
    .execute();
  if (mine.length === 0) return [];
  const messages = await db
    .selectFrom("messages")
    .select(["id", "conversation_id", "sender_id", "kind", "body", "gift", "image_filename", "credits", "created_at"])
    .where(
      "conversation_id",
      "in",
      mine.map((conversation) => conversation.id),
    )
    .orderBy("id")
    .execute();
  return mine.map((conversation) => ({
    ...conversation,
    messages: messages
      .filter((message) => message.conversation_id === conversation.id)
      .map(({ conversation_id: _conversation, sender_id: sender, image_filename: image, ...message }) => ({
        ...message,
        from: sender === null ? "system" : sender === profileId ? "me" : "them",
        image: image !== null,
      })),
  }));
}

async function payments(db: Kysely<Database>, { siteId, accountId }: ExportOwner) {
  return db
    .selectFrom("payments")
    .select([
      "id",
      "package",
      "credits",
      "amount",
      "currency",
      "method",
      "issuer",
      "provider",
      "provider_reference",
      "status",
      "sequence",
      "discount_code",
      "discount_percentage",
      "amount_before_discount",
      "credits_taken_back",
      "created_at",
      "paid_at",
      "ended_at",
    ])
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .orderBy("id")
    .execute();
}

async function ledger(db: Kysely<Database>, { siteId, accountId }: ExportOwner) {
  return db
    .selectFrom("credit_ledger")
    .select(["delta", "balance_after", "reason", "created_at"])
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .orderBy("id")
    .execute();
}

async function consents(db: Kysely<Database>, { siteId, accountId }: ExportOwner) {
  return db
    .selectFrom("consent_records")
    .select(["kind", "terms_version", "wording", "language", "given_at", "withdrawn_at"])
    .where("account_id", "=", accountId)
    .where("site_id", "=", siteId)
    .orderBy("id")
    .execute();
}

/** The JSON files of the export by name, and the photos whose originals go with them; the export changes nothing. */
export async function exportContents(db: Kysely<Database>, owner: ExportOwner) {
  const [photos, accountRow, profileRow, preferenceRows, likeRows, conversationRows, paymentRows, ledgerRows, consentRows] = await Promise.all([
    exportPhotos(db, owner),
    account(db, owner),
    profile(db, owner),
    preferences(db, owner),
    likes(db, owner),
    conversations(db, owner),
    payments(db, owner),
    ledger(db, owner),
    consents(db, owner),
  ]);
  const files: Record<string, unknown> = {
    "account.json": accountRow,
    "profile.json": { ...profileRow, photos: photos.map(({ filename: _key, ...photo }) => ({ ...photo, file: photoEntryName(photo) })) },
    "preferences.json": preferenceRows,
    "likes.json": likeRows,
    "conversations.json": conversationRows,
    "payments.json": paymentRows,
    "ledger.json": ledgerRows,
    "consents.json": consentRows,
  };
  return { files, photos };
}

/** Where a photo's original sits in the zip: in the member's order, named by its id. */
export function photoEntryName(photo: { id: number; position: number }): string {
  return `photos/${String(photo.position).padStart(2, "0")}-${photo.id}.webp`;
}
