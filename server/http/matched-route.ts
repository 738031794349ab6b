import type { Response } from "express";

/**
 * Which Remix route answered a request, as Remix itself matched it: noted on the request's load
 * context by the route modules' wrappers (instrumented-build.ts) and by the page cache, so metrics
 * and traces name a request by its route id without matching the path a second time.
 */
const matched = new WeakMap<object, { id: string; depth: number }>();

/** The deepest route wins: a page's loaders run from the root down, the leaf's last. */
export function noteMatchedRoute(loadContext: object, id: string, depth: number): void {
  const earlier = matched.get(loadContext);
  if (!earlier || depth >= earlier.depth) matched.set(loadContext, { id, depth });
}

/**
 * Names for answers outside Remix: the stage of the pipeline that gave them. Before a stage is
 * marked, only the built client's files answer (besides express's routes and the console).
 */
export type Stage = "static" | "console" | "unknown-host" | "photo" | "refused";

/** Marks the stage a request has reached; the last one marked names an answer no route gave. Costs one property write. */
export function markStage(res: Response, stage: Stage): void {
  res.locals.stage = stage;
}

/** express's own routes (app.get), by their pattern. */
const EXPRESS_ROUTES: Record<string, string> = {
  "/healthz": "healthz",
  "/readyz": "readyz",
  "/internal/tls-allowed": "tls-allowed",
  "/locales/:language/:namespace.json": "locales",
  // The catch-all that hands over to Remix, where no route ran: the route discovery manifest.
  "*": "remix",
};

/**
 * A bounded name for what answered: the Remix route id, an express route's name, the stage that
 * answered outside Remix. Never the path itself: it is unbounded and may hold ids.
 */
export function answeredBy(req: { route?: { path?: unknown } }, res: Response): string {
  const context = res.locals.context as object | undefined;
  const route = context && matched.get(context);
  if (route) return route.id;
  const expressRoute = typeof req.route?.path === "string" ? EXPRESS_ROUTES[req.route.path] : undefined;
  return expressRoute ?? (res.locals.stage as Stage | undefined) ?? "static";
}
