import type { RequestHandler } from "express";

/** Headers every brand page carries; the CSP with its per-request nonce is set by entry.server. */
export function securityHeaders(production: boolean): RequestHandler {
  return (_req, res, next) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(self)",
    });
    if (production) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
