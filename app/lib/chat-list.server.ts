import type { AppLoadContext } from "@remix-run/node";
import type { Member } from "../../server/accounts/member";
import { listConversations } from "../../server/chat/conversations";
import type { ChatMessage } from "../../server/chat/messages";

/** One row of the conversation list, as the inbox shows it. */
export type InboxRow = {
  id: number;
  profile: { id: number; name: string; image: string | null } | null;
  unread: number;
  last: Pick<ChatMessage, "id" | "sender" | "kind" | "body" | "gift" | "created_at"> | null;
  at: string;
};

/** The member's conversations, the latest first, with their unread counts (§2 /chats). */
export async function inboxRows(context: AppLoadContext, member: Member): Promise<InboxRow[]> {
  const conversations = await listConversations(context.services.store.db, { site: context.site, profileId: member.profileId, deletedName: context.t("deletion:deletedMember") });
  return conversations.map((conversation) => ({
    id: conversation.id,
    profile: conversation.profile && {
      id: conversation.profile.id,
      name: conversation.profile.name,
      image: conversation.profile.image?.thumb_filename ?? null,
    },
    unread: conversation.unread,
    last: conversation.lastMessage && {
      id: conversation.lastMessage.id,
      sender: conversation.lastMessage.sender,
      kind: conversation.lastMessage.kind,
      body: conversation.lastMessage.body,
      gift: conversation.lastMessage.gift,
      created_at: conversation.lastMessage.created_at,
    },
    at: conversation.lastMessageAt,
  }));
}
