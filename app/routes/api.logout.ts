import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnClient } from "../lib/own-client.server";

/** GET /api/logout.php (§7) ends the session and answers JSON, for the app's own calls only (never a link on another site). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireOwnClient(request, context);
  const clear = await context.services.sessions.end(context.sessionId);
  return Response.json({ user: null }, { headers: { "Set-Cookie": clear, "Cache-Control": "no-store" } });
}

/** POST (the account menu's form) ends the session and goes to '/' (§2). */
export async function action({ context }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await context.services.sessions.end(context.sessionId) } });
}
