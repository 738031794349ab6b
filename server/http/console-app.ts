import { randomBytes } from "node:crypto";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
// The runtime's own encoder for single-fetch answers: a refused data request must still be one the client can read.
import { encodeViaTurboStream, getSingleFetchRedirect, SINGLE_FETCH_REDIRECT_STATUS, SingleFetchRedirectSymbol } from "@remix-run/server-runtime/dist/single-fetch.js";
import express, { type NextFunction, type Request, type Response } from "express";
import { uploadsDir } from "../photos/storage";
import type { ConsoleContext } from "../support/console-context";
import { checkedBodies } from "./body-limits";
import { staticFiles } from "./compression";
import { decideAccess, pagePath, routeTree } from "./console-access";
import { mayWrite } from "./cross-site";
import { servePhotos } from "./photo-files";
import { refusalPage } from "./refusal-page";
import { createRequestHandler } from "./remix-handler";
import type { Services } from "./request-context";

type ConsoleOptions = {
  services: Services;
  build: ServerBuild;
  /** The console's built client assets (build/console/client). */
  clientDir: string;
  compress: boolean;
  production: boolean;
  mode: string;
};

/** The console is English: staff are one team, whatever brand or country they look at. */
const LANGUAGE = "en";

/** A strict policy: scripts only from here or with this request's nonce; nothing framed; no outside origin at all. */
function consoleSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The support console (SUPPORT_HOST): its own Remix build, cookies, sessions and headers. Nothing of
 * a brand runs here: no brand is resolved, no member session read. Every request passes, in order:
 * its assets, the console's headers (no caching, no indexing, its CSP), the body limits, the staff
 * session, the same-origin rule for writes, and the access rule of every route it would run.
 */
export function createConsoleApp({ services, build, clientDir, compress, production, mode }: ConsoleOptions): express.Router {
  const app = express.Router();
  const routes = routeTree(build);
  app.use("/assets", staticFiles(path.join(clientDir, "assets"), { precompressed: compress, immutable: true, maxAge: "1y" }));

  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.set({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "same-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
      "X-Robots-Tag": "noindex, nofollow",
      // Members' personal data: never kept by a browser or anything between.
      "Cache-Control": "no-store",
      "Content-Security-Policy": consoleSecurityPolicy(res.locals.nonce as string),
    });
    if (production) res.set("Strict-Transport-Security", "max-age=31536000");
    next();
  });
  const english = services.i18n.getFixedT(LANGUAGE);
  app.use(checkedBodies((_req, _res) => ({ language: LANGUAGE, t: english })));

  app.use((req, res, next) => {
    services.staffSessions
      .resolve(req.get("cookie"))
      .then((staff) => {
        const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
        const context: ConsoleContext = {
          kind: "console",
          services,
          staff,
          ip: req.ip ?? "unknown",
          url,
          origin: url.origin,
          nonce: res.locals.nonce as string,
          log: req.log,
        };
        res.locals.context = context;
        next();
      })
      .catch(next);
  });

  // Members' photos of every pool, for staff only (a moderator's queue, a member's page), kept in no shared cache.
  if (services.photos.kind === "local") {
    const staffOnly = (_req: Request, res: Response, next: NextFunction) =>
      (res.locals.context as ConsoleContext).staff?.verified ? next() : void res.status(404).type("text/plain").send("Not found");
    app.use("/media", staffOnly, ...servePhotos(uploadsDir(services.dataDir), { cacheControl: "private, max-age=3600" }));
  }

  app.use((req, res, next) => {
    if (mayWrite({ method: req.method, host: req.get("host"), origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") })) return next();
    res.status(403).type("html").send(refusalPage({ language: LANGUAGE, title: "Request refused", message: english("requestRefused.crossSite"), homeLabel: "Console home" }));
  });

  app.use(accessRule(routes));

  const remix = createRequestHandler({ build, mode, getLoadContext: (_req, res) => res.locals.context as ConsoleContext as never });
  app.all("*", remix);
  return app;
}

/** Route discovery's manifest names route modules, no data: the sign-in page needs it before anyone is signed in. */
const ROUTE_DISCOVERY = "/__manifest";

function accessRule(routes: ReturnType<typeof routeTree>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === ROUTE_DISCOVERY) return next();
    const { staff } = res.locals.context as ConsoleContext;
    const page = pagePath(req.path);
    const decision = decideAccess(routes, page, staff);
    if (decision.allowed) return next();
    if (decision.reason === "sign-in") {
      const target = page === "/" ? "/login" : `/login?next=${encodeURIComponent(page)}`;
      return isDataRequest(req) ? void sendDataRedirect(req, res, target) : void res.redirect(303, target);
    }
    // A data request is sent to load the page as a document, which then shows the refusal.
    if (isDataRequest(req)) return void sendDataRedirect(req, res, page);
    const notFound = decision.reason === "unknown-route";
    res
      .status(notFound ? 404 : 403)
      .type("html")
      .send(
        refusalPage({
          language: LANGUAGE,
          title: notFound ? "Not found" : "Not allowed",
          message: notFound ? "This page does not exist." : "Your role does not allow this page.",
          homeLabel: "Console home",
        }),
      );
  };
}

const isDataRequest = (req: Request) => req.path.endsWith(".data");

/** A redirect the single-fetch client follows, as a full document load. */
function sendDataRedirect(req: Request, res: Response, location: string) {
  const redirect = getSingleFetchRedirect(302, new Headers({ Location: location, "X-Remix-Reload-Document": "yes" }), undefined);
  const controller = new AbortController();
  const stream = encodeViaTurboStream({ [SingleFetchRedirectSymbol]: redirect }, controller.signal, 5_000, "production" as never);
  res.status(SINGLE_FETCH_REDIRECT_STATUS).set({ "Content-Type": "text/x-script", "X-Remix-Response": "yes" });
  void new Response(stream).arrayBuffer().then((body) => res.end(Buffer.from(body)), (error: Error) => req.next?.(error));
}
