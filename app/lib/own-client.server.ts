import type { AppLoadContext } from "@remix-run/node";
import { crossSiteRefusal } from "../../server/http/cross-site";
import { CLIENT_REQUEST_HEADER } from "./api";

/**
 * True for a call the app's own scripts make: they send X-Request-Type: client, a header no
 * cross-site link, form or frame can add without the browser asking first, or the browser says the
 * call came from this origin's own page.
 */
export function isOwnClientRequest(headers: Headers): boolean {
  return headers.get("X-Request-Type") === CLIENT_REQUEST_HEADER["X-Request-Type"] || headers.get("Sec-Fetch-Site") === "same-origin";
}

/**
 * For the GET endpoints that change state (§7 keeps them GET): they act only for the app's own
 * calls, never for a link or an image on another site; anything else gets the cross-site 403.
 */
export function requireOwnClient(request: Request, context: AppLoadContext): void {
  if (isOwnClientRequest(request.headers)) return;
  const refusal = crossSiteRefusal(new URL(request.url).pathname, context.t, context.i18nLanguage);
  throw new Response(refusal.body, { status: 403, headers: { "Content-Type": refusal.contentType, "Cache-Control": "no-store" } });
}
