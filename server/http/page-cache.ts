import { createHash, randomBytes } from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Resource } from "i18next";
import { LRUCache } from "lru-cache";
import { AUTH_COOKIE } from "../accounts/sessions";
import type { Site } from "../sites/schema";
import { noteMatchedRoute } from "./matched-route";
import { anonymousCacheRoutes } from "./page-cache-routes";
import type { RequestContext, Services } from "./request-context";

/**
 * Anonymous pages from cache (docs/decisions/019-anonymous-page-cache.md). A page whose route says
 * `handle.anonymousCache` is rendered once per build, brand version, path and visitor variant, kept
 * here (and in Redis when the bus is Redis, so every instance shares it), and sent to each later
 * visitor of that variant with a fresh CSP nonce put in place of a placeholder.
 */

/** How long a CDN may keep a page, and serve it stale while it fetches a new one. */
export const SHARED_MAX_AGE_SECONDS = 60;
export const STALE_WHILE_REVALIDATE_SECONDS = 300;
/** A safety net only: every input of a page is in its key, so a kept page never goes wrong by age. */
const KEPT_SECONDS = 600;
const LOCAL_BYTES = 32 * 1024 * 1024;
const SHARED_READ_TIMEOUT_MS = 250;
/** Bigger pages are served but not kept. */
const LARGEST_PAGE_BYTES = 512 * 1024;
/** Headers that belong to one response, or that this module sets itself. */
const NOT_KEPT = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive", "etag", "cache-control", "vary", "x-page-cache"]);

type CachedPage = {
  siteId: string;
  /** Stands where the nonce of the rendering request stood, in the body and the headers. */
  placeholder: string;
  headers: Record<string, string>;
  body: string;
};

type PageCacheOptions = {
  build: ServerBuild;
  /**
   * What identifies the deployed code (a hash of the server bundles, see main.ts): a deploy that
   * changes only server code gets new keys too. Without it, the client manifest's version.
   */
  buildVersion: string | undefined;
  /** The translations the pages are rendered with: a deploy that changes only them changes the key. */
  resources: Resource;
  services: Pick<Services, "bus" | "sites" | "log">;
  /** The visitor-country header, when a trusted proxy may send one: responses vary on it. */
  countryHeader: string | undefined;
  /** The visitor-region header, likewise: the responses of pages kept per region vary on it. */
  regionHeader?: string;
};

export function anonymousPageCache({ build, buildVersion, resources, services, countryHeader, regionHeader }: PageCacheOptions): RequestHandler {
  const cacheable = anonymousCacheRoutes(build);
  const version = createHash("sha256")
    .update(buildVersion ?? build.assets.version)
    .update(JSON.stringify(resources))
    .digest("base64url");
  const local = new LRUCache<string, CachedPage>({ maxSize: LOCAL_BYTES, sizeCalculation: (page) => page.body.length + 1, ttl: KEPT_SECONDS * 1000 });
  const shared = services.bus.kind === "redis" ? services.bus : undefined;
  /** The render under way for a key: concurrent misses wait for it instead of rendering again. */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  const vary = ["Cookie", "Accept-Language", ...(countryHeader ? [countryHeader] : [])].join(", ");
  const varyByRegion = regionHeader ? `${vary}, ${regionHeader}` : vary;

  // An edited brand's pages have new keys already (its fingerprint is in them); this frees the old ones.
  services.sites.onChange((_all, { changed, removed }) => {
    const gone = new Set([...changed.map((site) => site.id), ...removed]);
    for (const [key, page] of local.entries()) if (gone.has(page.siteId)) local.delete(key);
  });

  async function sharedGet(key: string): Promise<CachedPage | undefined> {
    if (!shared) return undefined;
    try {
      // A Redis that is slow or reconnecting must not hold the visitor up: then the page is rendered here.
      const page = await Promise.race([
        shared.cacheGet<CachedPage>(pageKey(key)),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SHARED_READ_TIMEOUT_MS).unref()),
      ]);
      return page && typeof page.body === "string" && typeof page.placeholder === "string" ? page : undefined;
    } catch (error) {
      services.log.warn({ err: error }, "reading a cached page from Redis failed");
      return undefined;
    }
  }

  function keep(key: string, page: CachedPage) {
    local.set(key, page);
    void shared?.cacheSet(pageKey(key), page, KEPT_SECONDS).catch((error: Error) => services.log.warn({ err: error }, "keeping a page in Redis failed"));
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const context = res.locals.context as RequestContext;
    // A cookie set on the way here (none is, for a plain page today) would be lost by a cached reply.
    const keeping = mayUseCache(req, context) && res.getHeader("Set-Cookie") === undefined ? cacheable(req.path) : undefined;
    if (!keeping) return next();
    // A kept page is served without Remix: it is named by the route it was rendered for.
    noteMatchedRoute(context, keeping.routeId, Number.POSITIVE_INFINITY);
    const cachingHeaders = (req: Request, res: Response, outcome: "hit" | "miss") => {
      res.setHeader("X-Page-Cache", outcome);
      res.setHeader("Cache-Control", cacheControlFor(req.get("cookie")));
      res.vary(keeping.byRegion ? varyByRegion : vary);
    };
    const key = variantKey({ version, context, pathname: req.path, region: keeping.byRegion ? context.region : undefined });
    const kept = local.get(key);
    if (kept) return serve(req, res, kept, context.nonce, cachingHeaders);
    // A HEAD has no body to keep: it waits for nobody and renders for nobody.
    if (req.method === "HEAD") return next();

    const underway = rendering.get(key);
    if (underway) {
      void underway.then((page) => (page ? serve(req, res, page, context.nonce, cachingHeaders) : next()), next);
      return;
    }
    let settle!: (page: CachedPage | undefined) => void;
    const render = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    rendering.set(key, render);
    void render.then(() => rendering.delete(key));
    void sharedGet(key).then((page) => {
      if (page) {
        local.set(key, page);
        settle(page);
        return serve(req, res, page, context.nonce, cachingHeaders);
      }
      res.setHeader("X-Page-Cache", "miss");
      captureRender(res, context, {
        // An error page or a response that sets a cookie goes out as it would without the cache.
        onKeepable: () => cachingHeaders(req, res, "miss"),
        done: (rendered) => {
          if (rendered) keep(key, rendered);
          settle(rendered);
        },
      });
      next();
    });
  };
}

const AUTH_COOKIE_SENT = new RegExp(`(?:^|;)\\s*${AUTH_COOKIE}=`);

/**
 * Only a visitor nobody knows, asking for a plain page: a request with a query (a landing visit's
 * tracking, a data request, the route manifest), a `.data` request, or any auth cookie (even one
 * that no longer names a session) is served as it would be without the cache.
 */
export function mayUseCache(req: Pick<Request, "method" | "originalUrl" | "path" | "get">, context: Pick<RequestContext, "member">): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl.includes("?") || req.path.endsWith(".data")) return false;
  if (context.member) return false;
  return !AUTH_COOKIE_SENT.test(req.get("cookie") ?? "");
}

/**
 * A CDN may keep only what a visitor without any cookie gets: then the site-entry warning shows,
 * signups follow the brand's setting and the language follows Accept-Language and the country.
 * Anything a cookie changed (a chosen language, a dismissed warning, a tracked visit) stays out of
 * shared caches, even those that ignore Vary.
 */
export function cacheControlFor(cookieHeader: string | undefined): string {
  return cookieHeader?.trim()
    ? "private, no-cache"
    : `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
}

type VariantInput = {
  /** The build and its translations. */
  version: string;
  context: Pick<RequestContext, "site" | "language" | "i18nLanguage" | "country" | "geoipCountry" | "today" | "siteEntrySkippedAt" | "tracking" | "developmentClient">;
  pathname: string;
  /** The visitor's region, for a page kept per region. */
  region?: string;
};

/**
 * Everything an anonymous page may depend on. The root loader derives the visible languages, the
 * entry warning and the site-entry popup from the brand and the reported country, and whether
 * signups are open from the brand and whether the visit is tracked; the age picker needs the date.
 * A route marked `anonymousCache` reads nothing else of the request.
 */
export function variantKey({ version, context, pathname, region }: VariantInput): string {
  const parts = [
    version,
    context.site.id,
    siteFingerprint(context.site),
    pathname,
    context.language,
    context.i18nLanguage,
    context.country,
    context.geoipCountry,
    context.today,
    context.siteEntrySkippedAt === undefined ? "entry" : "entry-skipped",
    context.tracking === undefined ? "untracked" : "tracked",
    context.developmentClient ? "development" : "production",
    region ?? "",
  ];
  return createHash("sha256").update(parts.join("\n")).digest("base64url");
}

const fingerprints = new WeakMap<Site, string>();

/** A brand file's version: a reload makes a new Site object, and its pages get new keys. */
function siteFingerprint(site: Site): string {
  let fingerprint = fingerprints.get(site);
  if (fingerprint === undefined) {
    fingerprint = createHash("sha256").update(JSON.stringify(site)).digest("base64url");
    fingerprints.set(site, fingerprint);
  }
  return fingerprint;
}

const pageKey = (key: string) => `page:${key}`;

function serve(req: Request, res: Response, page: CachedPage, nonce: string, cachingHeaders: (req: Request, res: Response, outcome: "hit") => void) {
  const body = page.body.replaceAll(page.placeholder, nonce);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value.replaceAll(page.placeholder, nonce));
  cachingHeaders(req, res, "hit");
  res.status(200).setHeader("Content-Length", Buffer.byteLength(body));
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Tees the response Remix writes into a page to keep: only a complete 200 HTML page that sets no
 * cookie, with the request's nonce replaced by a placeholder. Calls `onKeepable` as the headers of
 * such a page go out, and `done` once, when the response
 * has been sent (with the page) or has failed or been refused (with nothing).
 */
function captureRender(
  res: Response,
  context: Pick<RequestContext, "nonce" | "site">,
  { onKeepable, done }: { onKeepable: () => void; done: (page: CachedPage | undefined) => void },
) {
  let keepable = false;
  let headers: Record<string, string> = {};
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (page: CachedPage | undefined) => {
    if (finished) return;
    finished = true;
    done(page);
  };

  const { writeHead, write, end } = res;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    keepable =
      status === 200 &&
      res.getHeader("Set-Cookie") === undefined &&
      String(res.getHeader("Content-Type")).startsWith("text/html") &&
      !args.some((arg) => typeof arg === "object");
    if (keepable) {
      headers = keptHeaders(res);
      onKeepable();
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  // Everything written is collected: the first write comes before the headers (it sends them).
  let tooLarge = false;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (tooLarge || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    tooLarge = size > LARGEST_PAGE_BYTES;
    if (tooLarge) chunks.length = 0;
    else chunks.push(bytes);
  };
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];

  res.once("finish", () => {
    if (!keepable || tooLarge) return finish(undefined);
    const body = Buffer.concat(chunks).toString("utf8");
    // Streamed parts follow the closing tag. A part that failed or was cut off after the shell went
    // out carries React's instruction to render it in the browser instead (`$RX`): no page to keep.
    if (!body.includes("</html>") || body.includes("$RX(")) return finish(undefined);
    const placeholder = randomBytes(18).toString("base64url");
    const withPlaceholder = (text: string) => text.replaceAll(context.nonce, placeholder);
    finish({
      siteId: context.site.id,
      placeholder,
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, withPlaceholder(value)])),
      body: withPlaceholder(body),
    });
  });
  res.once("close", () => finish(undefined));
}

function keptHeaders(res: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || NOT_KEPT.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return kept;
}
