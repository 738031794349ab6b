import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

/** GET /api/logout.php (§7) ends the session and answers JSON, for the app's own calls. */
export async function loader({ context }: LoaderFunctionArgs) {
  const clear = await context.services.sessions.end(context.sessionId);
  return Response.json({ user: null }, { headers: { "Set-Cookie": clear, "Cache-Control": "no-store" } });
}

/** POST (the account menu's form) ends the session and goes to '/' (§2). */
export async function action({ context }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await context.services.sessions.end(context.sessionId) } });
}
