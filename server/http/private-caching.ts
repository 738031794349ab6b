import type { NextFunction, Request, Response } from "express";
import { AUTH_COOKIE } from "../accounts/sessions";
import type { RequestContext } from "./request-context";

export const PRIVATE_NO_STORE = "private, no-store";

type CachingInput = {
  /** The request carried a live session of this brand. */
  signedIn: boolean;
  /** The Cache-Control the route chose, if any. */
  chosen: string | undefined;
  setCookie: string | string[] | number | undefined;
};

/**
 * The Cache-Control a response goes out with: a member's responses are theirs alone, so
 * `private, no-store` unless the route chose its own caching (a brand's public logo, a catalogue
 * kept an hour in the member's own browser); a response that sets or clears the session cookie is
 * never kept anywhere, whatever the route chose.
 */
export function cacheControlFor({ signedIn, chosen, setCookie }: CachingInput): string | undefined {
  if (touchesSession(setCookie)) return PRIVATE_NO_STORE;
  return chosen ?? (signedIn ? PRIVATE_NO_STORE : undefined);
}

function touchesSession(setCookie: CachingInput["setCookie"]): boolean {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  return cookies.some((cookie) => cookie.trimStart().startsWith(`${AUTH_COOKIE}=`));
}

/**
 * Applies cacheControlFor to every brand response, as its headers go out: only then are the
 * route's own headers known (the Remix adapter appends them, so a value set before would be doubled,
 * not replaced). The same hook on writeHead as the `on-headers` package, which is not a dependency of
 * ours. Runs after the request context, which knows whether the request carries a live session.
 */
export function privateCaching(_req: Request, res: Response, next: NextFunction) {
  const signedIn = (res.locals.context as RequestContext).member !== undefined;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    const chosen = res.getHeader("Cache-Control");
    const cacheControl = cacheControlFor({ signedIn, chosen: chosen === undefined ? undefined : String(chosen), setCookie: res.getHeader("Set-Cookie") });
    if (cacheControl !== undefined) res.setHeader("Cache-Control", cacheControl);
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
}
