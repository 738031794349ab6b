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

export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, headers: { Accept: "application/json", ...CLIENT_REQUEST_HEADER, ...init.headers } });
  if (response.status === 403 && signsOut(url, response.status, await response.clone().json().catch(() => undefined))) {
    await fetch("/api/logout.php", { headers: CLIENT_REQUEST_HEADER }).catch(() => undefined);
    window.location.assign("/");
  }
  return response;
}
