import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import express, { type Request, type Response } from "express";
import type { Resource } from "i18next";
import { pinoHttp } from "pino-http";
import { trackingCookie, trackingFromQuery } from "../accounts/tracking";
import { productionRules, type Env } from "../env";
import { NAMESPACES, type Namespace } from "../i18n/catalog";
import { keyServedToPool, uploadsDir } from "../photos/storage";
import { PAGE_BOUNCE_PATH } from "../analytics/bounce-log";
import { PAGE_HIDDEN_PATH } from "../presence/presence";
import type { Site } from "../sites/schema";
import { normalizeHost } from "../sites/host";
import { bodyLimits } from "./body-limits";
import { dynamicCompression, staticFiles } from "./compression";
import { createConsoleApp } from "./console-app";
import { markStage } from "./matched-route";
import { sameOriginWrites } from "./cross-site";
import { isDevelopmentClient } from "./development";
import { anonymousPageCache } from "./page-cache";
import { servePhotos } from "./photo-files";
import { privateCaching } from "./private-caching";
import { createRequestHandler } from "./remix-handler";
import { buildRequestContext, type RequestContext, type Services } from "./request-context";
import { securityHeaders } from "./security-headers";
import { tlsAllowed } from "./tls-allowed";
import { type TrustFunction } from "./trust-proxy";
import { UNKNOWN_HOST_PAGE } from "./unknown-host";

type AppOptions = {
  /** TRUST_PROXY may be left out: then no proxy is trusted. */
  env: Pick<Env, "NODE_ENV" | "COUNTRY_HEADER"> & Partial<Pick<Env, "REGION_HEADER" | "TRUST_PROXY" | "DEMO" | "COMPRESSION" | "SUPPORT_HOST">>;
  services: Services;
  resources: Resource;
  /** The Remix server build, or a function that loads it per request (the Vite dev server). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Identifies the deployed code, for the page cache's keys (see main.ts). */
  buildVersion?: string;
  /** Built client assets; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Runs before everything else in development (Vite's middleware). */
  devMiddleware?: express.RequestHandler;
  /** The support console's build and client files, served on SUPPORT_HOST only; none: no console. */
  console?: { build: ServerBuild; clientDir: string };
  /** Run first, for every request: metrics and traces (decision 054). */
  observers?: express.RequestHandler[];
  /** Whether the instance is stopping (see http/drain.ts): then it is not ready for new requests. */
  draining?: () => boolean;
};

const READY_TIMEOUT_MS = 2_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return Promise.race([promise, new Promise<void>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);
}

export function createHttpApp({ env, services, resources, build, buildVersion, clientDir, devMiddleware, console: supportConsole, observers = [], draining = () => false }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  for (const observer of observers) app.use(observer);
  // req.ip and req.protocol read X-Forwarded-* only from the configured proxies (proxy-addr).
  app.set("trust proxy", env.TRUST_PROXY ?? false);
  const trustProxy = app.get("trust proxy fn") as TrustFunction;
  const production = productionRules({ NODE_ENV: env.NODE_ENV, DEMO: env.DEMO ?? "off" });
  const developmentClient = (req: Request) => isDevelopmentClient({ production, remoteAddress: req.socket.remoteAddress, host: req.get("host") });

  // Probes answer on any host: load balancers call them by IP.
  app.get("/healthz", (_req, res) => void res.type("text/plain").send("ok"));
  // Whether to send this instance new requests: the proxy's health check (deploy/Caddyfile). Not while
  // it stops, nor without its database; without Redis it still serves (events catch up from the store),
  // and an outage every instance shares must not take them all out of the proxy.
  app.get("/readyz", async (_req, res) => {
    if (draining()) return void res.status(503).json({ status: "draining" });
    const checks = await Promise.allSettled([
      withTimeout(services.store.ping(), READY_TIMEOUT_MS),
      withTimeout(services.bus.ping(), READY_TIMEOUT_MS),
    ]);
    const [store, bus] = checks.map((check) => (check.status === "fulfilled" ? "ok" : `down: ${(check.reason as Error).message}`));
    const ready = checks[0]?.status === "fulfilled" && !draining();
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : draining() ? "draining" : "not ready", store, bus });
  });

  app.get("/internal/tls-allowed", tlsAllowed({ sites: services.sites, supportHost: env.SUPPORT_HOST, trustProxy }));

  // COMPRESSION=off leaves it to the CDN or proxy in front: every answer, asset files included, goes out as it is.
  const compress = env.COMPRESSION !== "off";
  if (compress) app.use(dynamicCompression());
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

  // The support host is the console's alone: nothing of a brand (files, pages, sessions) answers there.
  const supportHost = env.SUPPORT_HOST;
  if (supportHost) {
    const consoleApp = supportConsole
      ? createConsoleApp({ services, ...supportConsole, compress, production, mode: env.NODE_ENV === "test" ? "test" : "production" })
      : (_req: Request, res: Response) => void res.status(503).type("text/plain").send("The support console is not built.");
    app.use((req, res, next) => {
      if (normalizeHost(req.headers.host) !== supportHost) return next();
      markStage(res, "console");
      consoleApp(req, res, next);
    });
  }

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) {
    app.use("/assets", staticFiles(path.join(clientDir, "assets"), { precompressed: compress, immutable: true, maxAge: "1y" }));
    app.use(staticFiles(clientDir, { precompressed: compress, maxAge: "1h" }));
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
    if (!site) {
      markStage(res, "unknown-host");
      return void res.status(404).type("html").send(UNKNOWN_HOST_PAGE);
    }
    res.locals.site = site;
    // What the shared protections below refuse, before any route runs.
    markStage(res, "refused");
    next();
  });

  app.use(securityHeaders(production));
  // Before anything reads a body: bytes, fields and value lengths are checked on the way in.
  app.use(bodyLimits(services.i18n));
  if (services.photos.kind === "local") app.use("/media", photosOfHostPool, ...servePhotos(uploadsDir(services.dataDir)));
  // One place builds the request context: the checks below and every loader and action share it.
  app.use((req, res, next) => {
    const site = res.locals.site as Site;
    services.sessions
      .resolve(site.id, req.get("cookie"))
      .then((signedIn) => {
        res.locals.context = buildRequestContext({
          site,
          header: (name) => req.get(name),
          // The country a CDN or proxy reports; a client talking to us directly could claim any.
          countryHeader: trustProxy(req.socket.remoteAddress ?? "", 0) ? env.COUNTRY_HEADER : undefined,
          regionHeader: trustProxy(req.socket.remoteAddress ?? "", 0) ? env.REGION_HEADER : undefined,
          url: new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`),
          ip: req.ip ?? "unknown",
          developmentClient: developmentClient(req),
          signedIn,
          services,
          log: req.log,
        });
        next();
      })
      .catch(next);
  });
  app.use(sameOriginWrites);
  // A signed-in request is a sign of life: noted in memory, written at most once a minute. Not the
  // beacons a tab sends as it goes away.
  const leavingBeacons = new Set([PAGE_HIDDEN_PATH, PAGE_BOUNCE_PATH]);
  app.use((req, res, next) => {
    const { member } = res.locals.context as RequestContext;
    if (member && !leavingBeacons.has(req.path)) services.presence.seen(member);
    next();
  });
  app.use(privateCaching);
  app.use(rememberTracking);
  // Logged-out pages from cache; not under the Vite dev server, whose build changes with every edit.
  if (typeof build !== "function") {
    app.use(
      anonymousPageCache({
        build,
        buildVersion,
        resources,
        services,
        countryHeader: env.TRUST_PROXY ? env.COUNTRY_HEADER : undefined,
        regionHeader: env.TRUST_PROXY ? env.REGION_HEADER : undefined,
      }),
    );
  }

  const remixHandler = (mode: string) =>
    createRequestHandler({
      build,
      mode,
      getLoadContext: (_req: Request, res: Response) => res.locals.context as RequestContext,
    });
  // Remix puts stack traces into error pages and data in development mode: only the developer at
  // this machine gets that; everyone else is served as in production (test mode hides them too).
  const forDevelopmentClients = remixHandler(env.NODE_ENV);
  const forEveryoneElse = remixHandler(env.NODE_ENV === "test" ? "test" : "production");
  app.all("*", (req, res, next) => (developmentClient(req) ? forDevelopmentClients : forEveryoneElse)(req, res, next));
  app.use(lastResortError());
  return app;
}

/**
 * Errors outside Remix (a failing session lookup while building the context): a plain 500 that
 * tells nothing; express's own handler would show the stack to anyone outside production.
 */
function lastResortError(): express.ErrorRequestHandler {
  return (error: Error, req, res, next) => {
    if (res.headersSent) return next(error);
    req.log.error({ err: error }, "request failed");
    res.status(500).type("text/plain").send("Internal server error");
  };
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
  markStage(res, "photo");
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

/** Keeps the tracking query of a landing visit (§3), so a signup later in the visit carries it. */
function rememberTracking(req: Request, res: Response, next: express.NextFunction) {
  if (req.method === "GET") {
    const tracking = trackingFromQuery(new URLSearchParams(req.originalUrl.split("?")[1] ?? ""));
    if (tracking) res.append("Set-Cookie", trackingCookie(tracking));
  }
  next();
}
