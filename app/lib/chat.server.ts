import type { AppLoadContext } from "@remix-run/node";
import { sendAndPublish, sendPhotoAndPublish, type SendAnswer } from "../../server/chat/actions";
import type { MessageContent, MessageTarget } from "../../server/chat/send";
import { FREE_CONVERSATIONS } from "../../server/chat/pricing";
import { readPhotoUpload } from "../../server/photos/upload";
import { isJsonContentType, readJson } from "./json-body.server";

/** An id from the client (a field, a query or route parameter): a positive whole number, or undefined. */
export const positiveId = (value: unknown): number | undefined => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The conversation or profile a send names; the conversation wins when both are given. */
export function targetOf(fields: { get(name: string): unknown }): MessageTarget | undefined {
  const conversationId = positiveId(fields.get("conversation"));
  if (conversationId) return { conversationId };
  const profileId = positiveId(fields.get("profile"));
  return profileId ? { profileId } : undefined;
}

type Fields = { get(name: string): unknown };

function jsonFields(body: unknown): Fields {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  return { get: (name) => record[name] };
}

/**
 * Reads one send from a request (a JSON call, a plain form, or a form with a photo) and sends it.
 * Every refusal comes back as a reason; the caller words it in the visitor's language.
 */
export async function sendFromRequest(request: Request, context: AppLoadContext, fixedTarget?: MessageTarget): Promise<SendAnswer> {
  const member = context.member;
  if (!member) throw new Error("sendFromRequest needs a signed-in member");
  const { site } = context;
  const contentType = request.headers.get("content-type") ?? "";
  const refused = (reason: "invalid" | "missing" | "too_large"): SendAnswer => ({ ok: false, reason, credits: member.credits });

  if (contentType.startsWith("multipart/form-data")) {
    const upload = await readPhotoUpload(request);
    const target = fixedTarget ?? (upload.fields && targetOf(upload.fields));
    const clientId = String(upload.fields?.get("client_id") ?? "");
    if (!upload.ok) return refused(upload.error);
    if (!target) return refused("invalid");
    return sendPhotoAndPublish(context.services, { site, member, target, clientId, bytes: upload.bytes });
  }

  let fields: Fields;
  if (isJsonContentType(contentType)) fields = jsonFields(await readJson(request, context));
  else fields = await request.formData();
  const target = fixedTarget ?? targetOf(fields);
  if (!target) return refused("invalid");
  const kind = fields.get("kind") ?? "text";
  const body = typeof fields.get("body") === "string" ? (fields.get("body") as string) : "";
  const gift = fields.get("gift");
  let content: MessageContent;
  if (kind === "text") content = { kind, body };
  else if (kind === "gift" && typeof gift === "string") content = { kind, gift, body };
  else return refused("invalid");
  return sendAndPublish(context.services, { site, member, target, clientId: String(fields.get("client_id") ?? ""), content });
}

/** The HTTP status of a refused send. */
export function refusalStatus(reason: string): number {
  if (reason === "insufficient_credits") return 402;
  if (reason === "unavailable") return 404;
  if (reason === "too_large") return 413;
  if (["confirm_email", "blocked_by_them", "blocked_by_you", "free_conversations", "free_messages", "premium_only"].includes(reason)) return 403;
  return 400;
}

/** A refusal in the visitor's language (§8). */
export function refusalText(context: AppLoadContext, reason: string): string {
  return context.t(`chat:errors.${reason}`, { max: context.site.message_length, count: FREE_CONVERSATIONS });
}
