import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import type { Resource } from "i18next";
import { pinoHttp } from "pino-http";
import { trackingCookie, trackingFromQuery } from "../accounts/tracking";
import type { Env } from "../env";
import { NAMESPACES, type Namespace } from "../i18n/catalog";
import { keyServedToPool, PHOTO_CACHE_CONTROL, uploadsDir } from "../photos/storage";
import type { Site } from "../sites/schema";
import { buildRequestContext, type Services } from "./request-context";
import { securityHeaders } from "./security-headers";
import { UNKNOWN_HOST_PAGE } from "./unknown-host";

type AppOptions = {
  env: Pick<Env, "NODE_ENV" | "COUNTRY_HEADER">;
  services: Services;
  resources: Resource;
  /** The Remix server build, or a function that loads it per request (the Vite dev server). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Built client assets; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Runs before everything else in development (Vite's middleware). */
  devMiddleware?: express.RequestHandler;
};

const READY_TIMEOUT_MS = 2_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return Promise.race([promise, new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);
}

export function createHttpApp({ env, services, resources, build, clientDir, devMiddleware }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", true);

  // Probes answer on any host: load balancers call them by IP.
  app.get("/healthz", (_req, res) => void res.type("text/plain").send("ok"));
  app.get("/readyz", async (_req, res) => {
    const checks = await Promise.allSettled([
      withTimeout(services.store.ping(), READY_TIMEOUT_MS),
      withTimeout(services.bus.ping(), READY_TIMEOUT_MS),
    ]);
    const [store, bus] = checks.map((check) => (check.status === "fulfilled" ? "ok" : `down: ${(check.reason as Error).message}`));
    const ready = checks.every((check) => check.status === "fulfilled");
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", store, bus });
  });

  // Event streams go out as written: compression would hold events back until a buffer fills.
  app.use(compression({ filter: (req, res) => !String(res.getHeader("Content-Type")).startsWith("text/event-stream") && compression.filter(req, res) }));
  app.use(
    pinoHttp({
      logger: services.log,
      serializers: {
        req: (req: { method: string; url: string; headers: Record<string, string> }) => ({
          method: req.method,
          url: redactQuery(req.url),
          host: req.headers.host,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // Only once the host is resolved: the request line carries the brand, the start line none.
      customProps: (req) => {
        const siteId = (req as Request).res?.locals.site?.id as string | undefined;
        return siteId ? { siteId } : {};
      },
      autoLogging: { ignore: (req) => /^\/(assets|media)\//.test(req.url ?? "") },
    }),
  );

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  // Translations for the browser's i18next, one namespace at a time.
  app.get("/locales/:language/:namespace.json", (req, res) => {
    const language = resources[req.params.language];
    const namespace = req.params.namespace as Namespace;
    // A regional variant without overrides for a namespace is an empty bundle, not a missing one.
    if (!language || !NAMESPACES.includes(namespace)) return void res.status(404).json({ error: "not found" });
    const bundle = language[namespace] ?? {};
    res.set("Cache-Control", "public, max-age=300").json(bundle);
  });

  // Everything below belongs to a brand: an unknown host gets a page that names none.
  app.use((req, res, next) => {
    const site = services.sites.resolveHost(req.headers.host);
    if (!site) return void res.status(404).type("html").send(UNKNOWN_HOST_PAGE);
    res.locals.site = site;
    next();
  });

  app.use(securityHeaders(env.NODE_ENV === "production"));
  if (services.photos.kind === "local") app.use("/media", photosOfHostPool, ...servePhotos(uploadsDir(services.dataDir)));
  app.use(sameOriginWrites);
  app.use(rememberTracking);

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: async (req: Request, res: Response) => {
        const site = res.locals.site as Site;
        return buildRequestContext({
          site,
          header: (name) => req.get(name),
          countryHeader: env.COUNTRY_HEADER,
          url: new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`),
          ip: req.ip ?? "unknown",
          signedIn: await services.sessions.resolve(site.id, req.get("cookie")),
          services,
          log: req.log,
        });
      },
    }),
  );
  return app;
}

// Query values that must never reach a log line: links carry tokens, forms may carry addresses.
const SECRET_PARAMS = /([?&](?:token|email|password)=)[^&]*/gi;

export function redactQuery(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

/**
 * Lets through only the files of the host brand's pool (and the shared demo avatars): a photo key
 * starts with its pool (see newPhotoKeys), so no lookup is needed. A path that is not even a valid
 * escape sequence is a bad request; any other path that is not such a key is not found.
 */
function photosOfHostPool(req: Request, res: Response, next: express.NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  let key: string;
  try {
    key = decodeURIComponent(req.path.slice(1));
  } catch {
    return void res.status(400).type("text/plain").send("Bad request");
  }
  if (!keyServedToPool(key, (res.locals.site as Site).pool)) return void res.status(404).type("text/plain").send("Not found");
  next();
}

/**
 * The local photo folder, read-only: file names are random and never reused, so a year's immutable
 * cache; a missing file is a plain 404, never a directory listing or a fall through to Remix.
 */
function servePhotos(root: string): [express.RequestHandler, express.ErrorRequestHandler] {
  return [
    express.static(root, {
      index: false,
      redirect: false,
      fallthrough: false,
      dotfiles: "deny",
      setHeaders: (res) => res.setHeader("Cache-Control", PHOTO_CACHE_CONTROL),
    }),
    (error: { status?: number }, _req, res, _next) => {
      // A request the file server refuses (a malformed path, a method) is the client's error, never a 500.
      const status = error.status === 404 || error.status === 403 ? 404 : error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      res.status(status).type("text/plain").send(status === 404 ? "Not found" : status === 405 ? "Method not allowed" : status < 500 ? "Bad request" : "Error");
    },
  ];
}

/**
 * Refuses state changes sent from another site's page. The SameSite=Lax auth cookie already stays
 * home on such requests; this also covers forms that need no cookie (signup, reset).
 */
function sameOriginWrites(req: Request, res: Response, next: express.NextFunction) {
  const origin = req.get("origin");
  if (req.method === "GET" || req.method === "HEAD" || !origin || origin === "null") return next();
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (host === req.get("host")) return next();
  res.status(403).type("text/plain").send("Cross-site request refused");
}

/** Keeps the tracking query of a landing visit (§3), so a signup later in the visit carries it. */
function rememberTracking(req: Request, res: Response, next: express.NextFunction) {
  if (req.method === "GET") {
    const tracking = trackingFromQuery(new URLSearchParams(req.originalUrl.split("?")[1] ?? ""));
    if (tracking) res.append("Set-Cookie", trackingCookie(tracking));
  }
  next();
}
