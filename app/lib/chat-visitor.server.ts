import { redirect } from "@remix-run/node";
import { signupHref } from "./signup-reason";

/**
 * Where a visitor who opens the chat with a profile goes: the signup with that reason ("… to
 * message Kees", or to send a gift), not the login. The chat layout and the chat route both ask,
 * since either loader may answer first.
 */
export function visitorChatRedirect(request: Request, profileId: number): Response {
  const intent = new URL(request.url).searchParams.has("gift") ? "gift" : "message";
  return redirect(signupHref({ intent, profileId }, `/members/${profileId}`));
}
