import type { Member } from "../accounts/member";
import type { Bus } from "../bus";
import type { Database } from "../db/schema";
import type { JobRunner } from "../jobs/runner";
import type { Logger } from "../log";
import { PHOTO_CONTENT_TYPE, processImage, type ImageError } from "../photos/process";
import { newPhotoKeys, type PhotoStorage } from "../photos/storage";
import type { Site } from "../sites/schema";
import type { Kysely } from "kysely";
import { markRead, removeConversation, unreadTotal } from "./conversations";
import { publishToMember } from "./events";
import { toChatMessage, type ChatMessage } from "./messages";
import { sendMessage, type MessageContent, type MessageTarget, type SendRefusal } from "./send";

/** What chat actions need of the app's services. */
export type ChatServices = { store: { db: Kysely<Database> }; bus: Bus; log: Logger; photos: PhotoStorage; jobs: Pick<JobRunner, "kick"> };

export type SendAnswer =
  | { ok: true; duplicate: boolean; message: ChatMessage; credits: number }
  | { ok: false; reason: SendRefusal | ImageError | "missing"; credits: number };

type SendInput = { site: Site; member: Member; target: MessageTarget; clientId: string };

/**
 * Sends a message, then tells both members' open tabs: the receiver gets the message and their
 * unread total, the sender's other tabs the message and the new balance. A retry that finds its
 * message publishes again (the first publish may be what failed); tabs drop what they have.
 */
export async function sendAndPublish(services: ChatServices, input: SendInput & { content: MessageContent }): Promise<SendAnswer> {
  const result = await sendMessage(services.store.db, input);
  if (result.status === "refused") return { ok: false, reason: result.reason, credits: result.credits };
  const message = toChatMessage(input.site, result.message);
  // The recipient's push is due now (see sendMessage).
  if (result.status === "sent" && result.recipient) services.jobs.kick();
  const { bus, log } = services;
  await Promise.all([
    publishToMember(bus, log, input.member.profileId, { type: "message", message, credits: result.credits }),
    result.recipient && publishToMember(bus, log, result.recipient.profileId, { type: "message", message, unread: result.recipient.unread }),
  ]);
  return { ok: true, duplicate: result.status === "duplicate", message, credits: result.credits };
}

/**
 * A photo message: the image is re-encoded like profile photos (no metadata survives) and stored
 * before the transaction, and removed again when the send is refused or fails.
 */
export async function sendPhotoAndPublish(services: ChatServices, input: SendInput & { bytes: Buffer }): Promise<SendAnswer> {
  if (!input.member.paidUser) return { ok: false, reason: "premium_only", credits: input.member.credits };
  const image = await processImage(input.bytes);
  if (!image.ok) return { ok: false, reason: image.error, credits: input.member.credits };
  const keys = newPhotoKeys(input.site.pool);
  const removeFiles = () => Promise.allSettled([services.photos.delete(keys.filename), services.photos.delete(keys.thumb_filename)]);
  try {
    await Promise.all([services.photos.put(keys.filename, image.full, PHOTO_CONTENT_TYPE), services.photos.put(keys.thumb_filename, image.thumb, PHOTO_CONTENT_TYPE)]);
    const answer = await sendAndPublish(services, { ...input, content: { kind: "image", image: keys } });
    if (!answer.ok || answer.duplicate) await removeFiles();
    return answer;
  } catch (error) {
    await removeFiles();
    throw error;
  }
}

/**
 * Opening a conversation (§4): unread to 0, the sender sees it read, the member's other tabs their
 * new total. Answers that total, for the screen's own badge.
 */
export async function readAndPublish(services: ChatServices, { member, conversationId }: { member: Member; conversationId: number }): Promise<number> {
  const db = services.store.db;
  const receipt = await markRead(db, { profileId: member.profileId, conversationId });
  const total = await unreadTotal(db, { profileId: member.profileId });
  if (!receipt) return total;
  const { bus, log } = services;
  await Promise.all([
    receipt.otherId !== null && publishToMember(bus, log, receipt.otherId, { type: "read", conversation_id: conversationId, read_through: receipt.readThrough }),
    publishToMember(bus, log, member.profileId, { type: "counts", unread_messages: total }),
  ]);
  return total;
}

/** Removes a conversation from the member's list (§4), in every tab they have open. */
export async function removeAndPublish(services: ChatServices, { member, conversationId }: { member: Member; conversationId: number }): Promise<boolean> {
  const removed = await removeConversation(services.store.db, { profileId: member.profileId, conversationId });
  if (removed) await publishToMember(services.bus, services.log, member.profileId, { type: "removed", conversation_id: conversationId });
  return removed;
}
