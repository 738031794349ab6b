import type { ActionFunctionArgs } from "@remix-run/node";
import { memberConversation } from "../../server/chat/conversations";
import { publishToMember } from "../../server/chat/events";
import { blockBetween } from "../../server/profiles/blocks";
import { authenticationRequired } from "../lib/auth.server";
import { positiveId } from "../lib/chat.server";
import { readJson } from "../lib/json-body.server";

/**
 * POST /api/typing.php { conversation }: tells the other side this member is typing. Never
 * stored; clients send it at most every few seconds while typing, and the server drops the rest.
 * Members who cannot send (unconfirmed, blocked) type to nobody.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = context;
  if (!member) return authenticationRequired();
  const { store, bus, log, limits } = context.services;
  const { conversation } = ((await readJson(request, context)) ?? {}) as { conversation?: unknown };
  const conversationId = positiveId(conversation);
  const mine = conversationId && (await memberConversation(store.db, { profileId: member.profileId, conversationId }));
  if (!conversationId || !mine) return new Response(null, { status: 404 });
  const allowed = await limits.typing.consume(String(member.profileId)).then(
    () => true,
    () => false,
  );
  if (allowed && mine.otherId !== null && member.status === "confirmed" && !(await blockBetween(store.db, { viewerId: member.profileId, profileId: mine.otherId }))) {
    await publishToMember(bus, log, mine.otherId, { type: "typing", conversation_id: conversationId, profile_id: member.profileId });
  }
  return new Response(null, { status: 204 });
}
