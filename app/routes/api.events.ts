import type { LoaderFunctionArgs } from "@remix-run/node";
import { toChatMessage } from "../../server/chat/messages";
import { authenticationRequired } from "../lib/auth.server";

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;
/** How soon a browser reconnects after the stream breaks. */
const RETRY_MS = 3_000;
/** This instance holds as many streams as it may: come back when some have ended (or to another instance). */
const FULL_RETRY_AFTER_S = 30;

const unavailable = (retryAfterSeconds: number) =>
  new Response("The event stream is unavailable for a moment.", { status: 503, headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" } });

/**
 * GET /api/events: the signed-in tab's server-sent event stream (§2 real-time): new messages,
 * typing, read state and counts. A reconnecting EventSource sends Last-Event-ID, the id of the
 * last message it had, and first gets what it missed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member, site } = context;
  if (!member) return authenticationRequired();
  const lastEventId = Number(request.headers.get("last-event-id"));
  const since = Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : undefined;

  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => end(),
  });
  const write = (frame: string) => {
    if (!open) return;
    try {
      controller.enqueue(encoder.encode(frame));
    } catch {
      end(); // the stream broke under us (the client went away)
    }
  };
  let disconnect = () => {};
  // An open stream keeps the member seen (a heartbeat in server/presence) until it ends.
  let leave = () => {};
  // Ticking from the start is harmless: nothing is written once the stream has ended.
  const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
  const end = () => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
    disconnect();
    leave();
    try {
      controller.close();
    } catch {
      // already closed or errored
    }
  };

  write(`retry: ${RETRY_MS}\n\n`);
  try {
    const connection = await context.services.live.connect({ profileId: member.profileId, site, write, toMessage: (row) => toChatMessage(site, row), end }, since);
    if (!connection.connected) {
      end();
      return unavailable(FULL_RETRY_AFTER_S);
    }
    disconnect = connection.disconnect;
    if (open) leave = context.services.presence.streamOpened(member.profileId);
  } catch (error) {
    context.log.warn({ err: error }, "an event stream could not subscribe");
    end();
    return unavailable(3);
  }
  request.signal.addEventListener("abort", end, { once: true });
  if (request.signal.aborted) end();

  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}
