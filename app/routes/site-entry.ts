import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { siteEntryCookie } from "../../server/http/cookies";
import { safeRedirect } from "../lib/safe-redirect";

/**
 * Closing the site-entry warning stores when it was skipped (§2), so it shows once, and goes back to
 * the page the form names (never the Referer, which another site chooses).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => undefined);
  const back = safeRedirect(form?.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"), "/");
  return redirect(back, { headers: { "Set-Cookie": siteEntryCookie(Date.now()) } });
}

export async function loader() {
  return redirect("/");
}
