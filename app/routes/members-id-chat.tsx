import { data as withHeaders, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { conversationWith } from "../../server/chat/conversations";
import { loadProfileOf } from "../../server/profiles/profile";
import { BlockedChat, ChatScreen } from "../components/chat/chat-screen";
import { requireMember } from "../lib/auth.server";
import { visitorChatRedirect } from "../lib/chat-visitor.server";
import { blockedView, chatPartner, chatView, idParam, sendFromForm } from "../lib/chat-view.server";
import { accountMeta } from "../lib/meta";

export const handle = { i18n: ["chat", "members"] };
export const meta = accountMeta;

/**
 * /members/{id}/chat (§2): the chat with a profile. An open conversation lives at /chats/{id};
 * without one, this is the empty chat where the first message starts it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const profileId = idParam(params.id);
  // A visitor who wants to write to someone (or send a gift) signs up for it, rather than log in.
  if (!context.member) throw visitorChatRedirect(request, profileId);
  const member = requireMember(context, request);
  if (profileId === member.profileId) throw redirect("/chats");
  const db = context.services.store.db;
  // A profile the member may not see (invisible, inactive, another pool) is not found, as on its profile screen.
  const profile = await loadProfileOf(db, { site: context.site, profileId, today: context.today });
  if (!profile) throw new Response("Not found", { status: 404 });
  const blocked = await blockedView(context, member, profileId);
  if (blocked) return blocked;
  const existing = await conversationWith(db, { profileId: member.profileId, otherId: profileId });
  if (existing && !existing.hidden) throw redirect(`/chats/${existing.id}${new URL(request.url).search}`);
  const partner = await chatPartner(context, profileId);
  if (!partner) throw new Response("Not found", { status: 404 });
  return withHeaders(await chatView(context, { member, request, conversationId: null, partner }), { headers: { "Cache-Control": "private, no-store" } });
}

/** The first message without JavaScript; a sent one leads to the new conversation. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMember(context, request);
  return sendFromForm(context, request, { profileId: idParam(params.id) });
}

export default function MemberChatRoute() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  if (data.view === "blocked") return <BlockedChat blockedByViewer={data.blockedByViewer} />;
  return <ChatScreen data={data} refused={refused} />;
}
