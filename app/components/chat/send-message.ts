import type { ChatMessage } from "../../../server/chat/messages";
import { apiFetch } from "../../lib/api";
import { retrying, whenOnline, type RetryOptions } from "../../lib/retry";

export type SendReply = { ok: true; message: ChatMessage; credits: number } | { ok: false; reason: string; message?: string; credits?: number };

/**
 * POSTs one message to /api/chat.php. A network failure or a 5xx is tried again with the same
 * body, so the same client_id: the server stores and charges it once. A send made offline waits for
 * the connection before it is tried again. A refusal (4xx) is final.
 */
export async function postMessage(body: FormData | Record<string, unknown>, options: RetryOptions = {}): Promise<SendReply> {
  const init: RequestInit =
    body instanceof FormData ? { method: "POST", body } : { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  const response = await retrying(() => apiFetch("/api/chat.php", init), { online: whenOnline, ...options }).catch(() => undefined);
  if (!response || response.status >= 500) return { ok: false, reason: "failed" };
  const answer = (await response.json().catch(() => undefined)) as { message?: ChatMessage | string; credits?: number; error?: string } | undefined;
  if (response.ok && answer && typeof answer.message === "object") return { ok: true, message: answer.message, credits: answer.credits ?? 0 };
  return {
    ok: false,
    reason: answer?.error ?? "failed",
    message: typeof answer?.message === "string" ? answer.message : undefined,
    credits: answer?.credits,
  };
}

/** Tells the other side this member is typing; the server drops what comes too often. */
export function postTyping(conversationId: number): void {
  void apiFetch("/api/typing.php", {
    method: "POST",
    body: JSON.stringify({ conversation: conversationId }),
    headers: { "Content-Type": "application/json" },
  }).catch(() => undefined);
}

/** Marks a conversation read (§4): the sender sees "read", the member's badge drops. */
export function putRead(conversationId: number): void {
  void apiFetch("/api/chat.php", {
    method: "PUT",
    body: JSON.stringify({ conversation: conversationId }),
    headers: { "Content-Type": "application/json" },
  }).catch(() => undefined);
}
