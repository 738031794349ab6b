import type { ActionFunctionArgs } from "@remix-run/node";
import { readAndPublish, removeAndPublish } from "../../server/chat/actions";
import { memberConversation } from "../../server/chat/conversations";
import { authenticationRequired } from "../lib/auth.server";
import { positiveId, refusalStatus, refusalText, sendFromRequest } from "../lib/chat.server";
import { readJson } from "../lib/json-body.server";

const NO_STORE = { "Cache-Control": "no-store" };

async function conversationParameter(request: Request, context: ActionFunctionArgs["context"]): Promise<number | undefined> {
  const fromQuery = new URL(request.url).searchParams.get("conversation");
  return positiveId(fromQuery ?? (((await readJson(request, context)) ?? {}) as { conversation?: unknown }).conversation);
}

/**
 * /api/chat.php (§7): POST sends a message (JSON, a form, or a form with a photo) and answers it
 * with the new balance; PUT { conversation } marks a conversation read; DELETE { conversation }
 * removes it from the member's list.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = context;
  if (!member) return authenticationRequired();
  const services = context.services;

  if (request.method === "POST") {
    const answer = await sendFromRequest(request, context);
    if (!answer.ok) {
      return Response.json({ error: answer.reason, message: refusalText(context, answer.reason), credits: answer.credits }, { status: refusalStatus(answer.reason), headers: NO_STORE });
    }
    return Response.json({ message: answer.message, credits: answer.credits, duplicate: answer.duplicate }, { headers: NO_STORE });
  }

  if (request.method === "PUT" || request.method === "DELETE") {
    const conversationId = await conversationParameter(request, context);
    const mine = conversationId && (await memberConversation(services.store.db, { profileId: member.profileId, conversationId }));
    if (!conversationId || !mine) return Response.json({ error: "unavailable", message: refusalText(context, "unavailable") }, { status: 404, headers: NO_STORE });
    if (request.method === "PUT") {
      await readAndPublish(services, { member, conversationId });
    } else {
      await removeAndPublish(services, { member, conversationId });
    }
    return Response.json({ ok: true }, { headers: NO_STORE });
  }
  return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST, PUT, DELETE" } });
}
