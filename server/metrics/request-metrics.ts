import type { RequestHandler } from "express";
import { answeredBy } from "../http/matched-route";
import type { Site } from "../sites/schema";
import { httpRequestDuration } from "./registry";

const METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Times every request: one histogram observation when its answer ends (or its client leaves),
 * labelled by what answered (see answeredBy), the brand, the method and the status. The first
 * middleware, so the time includes everything the server did.
 */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once("close", () => {
      const site = res.locals.site as Site | undefined;
      httpRequestDuration.observe(
        {
          route: answeredBy(req, res),
          brand: site?.id ?? "none",
          method: METHODS.has(req.method) ? req.method : "other",
          // An answer the client left before its head went out has no status of its own.
          status: res.headersSent ? res.statusCode : 499,
        },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
