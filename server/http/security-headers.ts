import type { RequestHandler } from "express";
import type { HstsChoice, Site } from "../sites/schema";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Strict-Transport-Security header of each choice; preloading asks for two years (hstspreload.org). */
export const HSTS_HEADERS: Record<HstsChoice, string | undefined> = {
  off: undefined,
  on: `max-age=${YEAR_SECONDS}`,
  include_subdomains: `max-age=${YEAR_SECONDS}; includeSubDomains`,
  preload: `max-age=${2 * YEAR_SECONDS}; includeSubDomains; preload`,
};

/**
 * Headers every brand page carries; the CSP with its per-request nonce is set by entry.server. HSTS
 * only where the brand opted in (its `hsts` setting), and never in the demo, which is plain http.
 */
export function securityHeaders(production: boolean): RequestHandler {
  return (_req, res, next) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(self)",
    });
    const hsts = production ? HSTS_HEADERS[(res.locals.site as Site).hsts] : undefined;
    if (hsts) res.set("Strict-Transport-Security", hsts);
    next();
  };
}
