import { randomUUID } from "node:crypto";
import { data as withStatus, redirect, type AppLoadContext } from "@remix-run/node";
import type { Member } from "../../server/accounts/member";
import { readAndPublish } from "../../server/chat/actions";
import { readByOther } from "../../server/chat/conversations";
import { conversationMessages, toChatMessage, type ChatMessage } from "../../server/chat/messages";
import { GIFTS, messageCost } from "../../server/chat/pricing";
import type { MessageTarget } from "../../server/chat/send";
import { photoUrls } from "../../server/photos/urls";
import { blockBetween } from "../../server/profiles/blocks";
import { positiveId, refusalStatus, refusalText, sendFromRequest } from "./chat.server";

/** The other side of a conversation as the chat screen shows it; null is the system sender. */
export type ChatPartner = { id: number; name: string; image: string | null } | null;

/** What the chat screens (§2 /chats/{id}, /members/{id}/chat) show. */
export type ChatView = {
  view: "chat";
  title: string;
  conversationId: number | null;
  partner: ChatPartner;
  siteName: string;
  me: number;
  messages: ChatMessage[];
  older: string | null;
  paged: boolean;
  readThrough: number;
  paidUser: boolean;
  prices: { text: number; image: number; gift: number };
  messageLength: number;
  historyDays: number | null;
  gifts: string[];
  /** The member's unread total after this opening marked the conversation read. */
  unreadTotal: number | null;
  /** The id of a send from the plain form (without JavaScript). */
  clientId: string;
  openGifts: boolean;
  activationEmail: string | null;
};

export type BlockedView = { view: "blocked"; title: string; blockedByViewer: boolean };

/** A positive id from a route parameter, or a 404. */
export function idParam(value: string | undefined): number {
  const id = positiveId(value);
  if (id === undefined) throw new Response("Not found", { status: 404 });
  return id;
}

/** The other profile's name and main photo, whatever its state: a conversation keeps its partner's name (a deleted member's goes). */
export async function chatPartner(context: AppLoadContext, profileId: number): Promise<ChatPartner | undefined> {
  const row = await context.services.store.db
    .selectFrom("profiles")
    .leftJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
    .select(["profiles.id", "profiles.name", "profiles.pool", "profiles.status", "photos.filename", "photos.thumb_filename"])
    .where("profiles.id", "=", profileId)
    .executeTakeFirst();
  if (!row || row.pool !== context.site.pool) return undefined;
  if (row.status === "deleted") return { id: row.id, name: context.t("deletion:deletedMember"), image: null };
  const image =
    row.filename && row.thumb_filename ? photoUrls(context.site, { filename: row.filename, thumb_filename: row.thumb_filename }).thumb_filename : null;
  return { id: row.id, name: row.name, image };
}

/** Either side's block shows the blocked-by notice instead of the chat (§6, §8), as the profile does. */
export async function blockedView(context: AppLoadContext, member: Member, profileId: number) {
  const blocked = await blockBetween(context.services.store.db, { viewerId: member.profileId, profileId });
  if (!blocked) return undefined;
  return withStatus<BlockedView>({ view: "blocked", title: context.t("members:blocked.title"), blockedByViewer: blocked === "viewer" }, { status: 403 });
}

/**
 * The chat screen's data. An open conversation is marked read on opening (§4), so the sender sees
 * "read" at once; the screen takes the new unread total into its badge and title.
 */
export async function chatView(
  context: AppLoadContext,
  { member, request, conversationId, partner }: { member: Member; request: Request; conversationId: number | null; partner: ChatPartner }
): Promise<ChatView> {
  const { site, t } = context;
  const services = context.services;
  const db = services.store.db;
  const url = new URL(request.url);
  const beforeParam = Number(url.searchParams.get("before"));
  const before = Number.isSafeInteger(beforeParam) && beforeParam > 0 ? beforeParam : undefined;
  let messages: ChatMessage[] = [];
  let older: string | null = null;
  let readThrough = 0;
  let unread: number | null = null;
  if (conversationId !== null) {
    const page = await conversationMessages(db, { site, profileId: member.profileId, conversationId, before });
    messages = page.messages.map((row) => toChatMessage(site, row));
    const first = messages[0];
    older = page.hasOlder && first ? `?before=${first.id}` : null;
    [unread, readThrough] = await Promise.all([
      readAndPublish(services, { member, conversationId }),
      readByOther(db, { profileId: member.profileId, conversationId }),
    ]);
  }
  const name = partner?.name ?? site.name;
  return {
    view: "chat",
    title: t("chat:meta.chatWith", { name }),
    conversationId,
    partner,
    siteName: site.name,
    me: member.profileId,
    messages,
    older,
    paged: before !== undefined,
    readThrough,
    paidUser: member.paidUser,
    prices: {
      text: messageCost(site, member.country, "text"),
      image: messageCost(site, member.country, "image"),
      gift: messageCost(site, member.country, "gift"),
    },
    messageLength: site.message_length,
    historyDays: site.chat_history_days ?? null,
    gifts: [...GIFTS],
    unreadTotal: unread,
    clientId: randomUUID(),
    openGifts: url.searchParams.has("gift"),
    activationEmail: member.status === "not_confirmed" ? member.email : null,
  };
}

/** What a plain form post (without JavaScript) answers when the send was refused; the typed text comes back. */
export type SendRefused = { error: string; message: string; body: string };

/**
 * The chat screens' action: the footer as a plain form. A sent message redirects to its
 * conversation (post, redirect, get); a refusal comes back with its text and what was typed.
 */
export async function sendFromForm(context: AppLoadContext, request: Request, target: MessageTarget) {
  const typed = request.headers.get("content-type")?.startsWith("multipart/form-data") ? "" : String((await request.clone().formData()).get("body") ?? "");
  const answer = await sendFromRequest(request, context, target);
  if (answer.ok) return redirect(`/chats/${answer.message.conversation_id}`);
  return withStatus<SendRefused>({ error: answer.reason, message: refusalText(context, answer.reason), body: typed }, { status: refusalStatus(answer.reason) });
}
