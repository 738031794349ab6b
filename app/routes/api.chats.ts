import type { LoaderFunctionArgs } from "@remix-run/node";
import { listConversations } from "../../server/chat/conversations";
import { authenticationRequired } from "../lib/auth.server";

/** GET /api/chats.php (§7, §3 chats): the member's conversations with the other profile and the unread count. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { member, site } = context;
  if (!member) return authenticationRequired();
  const conversations = await listConversations(context.services.store.db, { site, profileId: member.profileId, deletedName: context.t("deletion:deletedMember") });
  return Response.json(
    {
      chats: conversations.map((conversation) => ({
        conversation: { id: conversation.id },
        profile: conversation.profile && { id: conversation.profile.id, name: conversation.profile.name, main_image: conversation.profile.image },
        num_unread_messages: conversation.unread,
        last_message: conversation.lastMessage,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
