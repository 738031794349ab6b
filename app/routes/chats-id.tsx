import { data as withHeaders, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { memberConversation } from "../../server/chat/conversations";
import { BlockedChat, ChatScreen } from "../components/chat/chat-screen";
import { requireMember } from "../lib/auth.server";
import { blockedView, chatPartner, chatView, idParam, sendFromForm } from "../lib/chat-view.server";
import { accountMeta } from "../lib/meta";

export const handle = { i18n: ["chat", "members"] };
export const meta = accountMeta;

/** /chats/{id} (§2): one of the member's conversations; opening it marks it read (§4). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const conversationId = idParam(params.id);
  const mine = await memberConversation(context.services.store.db, { profileId: member.profileId, conversationId });
  if (!mine || mine.hidden) throw new Response("Not found", { status: 404 });
  if (mine.otherId !== null) {
    const blocked = await blockedView(context, member, mine.otherId);
    if (blocked) return blocked;
  }
  const partner = mine.otherId === null ? null : await chatPartner(context, mine.otherId);
  if (partner === undefined) throw new Response("Not found", { status: 404 });
  return withHeaders(await chatView(context, { member, request, conversationId, partner }), { headers: { "Cache-Control": "private, no-store" } });
}

/** The footer without JavaScript: a plain form post, then back to the conversation. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMember(context, request);
  return sendFromForm(context, request, { conversationId: idParam(params.id) });
}

export default function ChatRoute() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  if (data.view === "blocked") return <BlockedChat blockedByViewer={data.blockedByViewer} />;
  return <ChatScreen key={data.conversationId} data={data} refused={refused} />;
}
