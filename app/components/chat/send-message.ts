import type { ChatMessage } from "../../../server/chat/messages";
import { apiFetch } from "../../lib/api";

/** Requests retry up to 5 times with exponential delay (§7, §9). */
export const SEND_RETRIES = 5;
const FIRST_DELAY_MS = 500;

/** How long to wait before retry number `attempt` (0 first): 0.5, 1, 2, 4, 8 seconds. */
export function retryDelay(attempt: number): number {
  return FIRST_DELAY_MS * 2 ** attempt;
}

export type SendReply = { ok: true; message: ChatMessage; credits: number } | { ok: false; reason: string; message?: string; credits?: number };

type Wait = (ms: number) => Promise<void>;
const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POSTs one message to /api/chat.php. A network failure or a 5xx is tried again with the same
 * body, so the same client_id: the server stores and charges it once. A refusal (4xx) is final.
 */
export async function postMessage(
  body: FormData | Record<string, unknown>,
  { retries = SEND_RETRIES, wait = sleep }: { retries?: number; wait?: Wait } = {}
): Promise<SendReply> {
  const init: RequestInit =
    body instanceof FormData ? { method: "POST", body } : { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  for (let attempt = 0; ; attempt += 1) {
    const response = await apiFetch("/api/chat.php", init).catch(() => undefined);
    if (response && response.status < 500) {
      const answer = (await response.json().catch(() => undefined)) as { message?: ChatMessage | string; credits?: number; error?: string } | undefined;
      if (response.ok && answer && typeof answer.message === "object") return { ok: true, message: answer.message, credits: answer.credits ?? 0 };
      return {
        ok: false,
        reason: answer?.error ?? "failed",
        message: typeof answer?.message === "string" ? answer.message : undefined,
        credits: answer?.credits,
      };
    }
    if (attempt >= retries) return { ok: false, reason: "failed" };
    await wait(retryDelay(attempt));
  }
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
