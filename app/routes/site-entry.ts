import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { siteEntryCookie } from "../../server/http/cookies";

/** Closing the site-entry warning stores when it was skipped (§2), so it shows once. */
export async function action({ request }: ActionFunctionArgs) {
  const back = new URL(request.headers.get("referer") ?? "/", request.url);
  const sameOrigin = back.origin === new URL(request.url).origin;
  return redirect(sameOrigin ? back.pathname + back.search : "/", { headers: { "Set-Cookie": siteEntryCookie(Date.now()) } });
}

export async function loader() {
  return redirect("/");
}
