import type { NextFunction, Request, Response } from "express";
import type { TFunction } from "i18next";
import { refusalPage } from "./refusal-page";
import type { RequestContext } from "./request-context";

/** Methods that never change state: they pass the origin check. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type WriteRequest = {
  method: string;
  /** The Host header the request was sent to. */
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
};

/**
 * Whether a request may change state: a browser names where a request comes from in Origin, or
 * failing that in Sec-Fetch-Site. `Origin: null` (sandboxed frames, data: pages) and any other
 * site (another brand on the same parent domain too) are refused. A request with neither header
 * comes from no browser that sends them (scripts, old browsers) and is let through, as before.
 */
export function mayWrite({ method, host, origin, secFetchSite }: WriteRequest): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (origin !== undefined) return host !== undefined && originHost(origin) === host.toLowerCase();
  if (secFetchSite !== undefined) return isOwnSiteFetch(secFetchSite);
  return true;
}

/** Sec-Fetch-Site of a request from this origin's own pages, or one the visitor typed or bookmarked. */
export function isOwnSiteFetch(secFetchSite: string | undefined): boolean {
  return secFetchSite === "same-origin" || secFetchSite === "none";
}

function originHost(origin: string): string | undefined {
  if (origin === "null") return undefined;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** The 403 for a request from another site, in the visitor's language: JSON for the API, a small page otherwise. */
export function crossSiteRefusal(pathname: string, t: TFunction, language: string): { contentType: string; body: string } {
  const message = t("requestRefused.crossSite");
  if (pathname.startsWith("/api/")) return { contentType: "application/json", body: JSON.stringify({ error: "cross_site_request", message }) };
  return {
    contentType: "text/html; charset=utf-8",
    body: refusalPage({ language, title: t("requestRefused.title"), message, homeLabel: t("errors.homePage") }),
  };
}

/**
 * Refuses state changes sent from another site's page, before any route parses a body. The SameSite=Lax
 * auth cookie already stays home on such requests; this also covers what needs no cookie (login,
 * signup, reset), so a framed or sandboxed page cannot sign a visitor into another account.
 */
export function sameOriginWrites(req: Request, res: Response, next: NextFunction) {
  if (mayWrite({ method: req.method, host: req.get("host"), origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") })) return next();
  const { t, i18nLanguage } = res.locals.context as RequestContext;
  const refusal = crossSiteRefusal(req.path, t, i18nLanguage);
  res.status(403).set("Cache-Control", "no-store").type(refusal.contentType).send(refusal.body);
}
