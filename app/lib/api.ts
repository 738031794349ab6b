import { retrying } from "./retry";

/** The header every call of the app's own scripts carries; the server's GET endpoints that change state require it. */
export const CLIENT_REQUEST_HEADER = { "X-Request-Type": "client" } as const;

/**
 * The app's own API calls (§7, §8). A call that needs a session and answers 403
 * authentication_required means the session is gone: the visitor is signed out silently, except
 * for user.php calls, which report the signed-in state themselves.
 */
export function signsOut(url: string, status: number, body: unknown): boolean {
  const pathname = new URL(url, "http://app").pathname;
  return status === 403 && (body as { data?: unknown } | undefined)?.data === "authentication_required" && pathname !== "/api/user.php";
}

/**
 * A call of the app's own API. A GET is tried again on a network failure or a 5xx (§7 retries): the
 * GETs that change something (the auto-like, the geocoded location) do the same thing however often
 * they arrive, and a new one must too. Other methods are sent once; a caller that can make a repeat
 * safe retries itself (the chat send, whose client_id the server stores once).
 */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () => fetch(url, { ...init, headers: { Accept: "application/json", ...CLIENT_REQUEST_HEADER, ...init.headers } });
  const response = (init.method ?? "GET").toUpperCase() === "GET" ? await retrying(send) : await send();
  if (response.status === 403 && signsOut(url, response.status, await response.clone().json().catch(() => undefined))) {
    await fetch("/api/logout.php", { headers: CLIENT_REQUEST_HEADER }).catch(() => undefined);
    window.location.assign("/");
  }
  return response;
}
