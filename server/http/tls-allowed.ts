import type { RequestHandler } from "express";
import { normalizeHost } from "../sites/host";
import type { SiteRegistry } from "../sites/registry";
import { isLoopbackAddress, type TrustFunction } from "./trust-proxy";

/** The longest name DNS allows. */
const DOMAIN_MAX = 253;

/**
 * GET /internal/tls-allowed?domain=…: asked by the proxy in front (Caddy's on-demand TLS) before it
 * gets a certificate for a name it has not seen, so that none is ever issued for a domain no brand
 * lists: 200 for a brand's domain (with or without www.) and for the support console's host, 404
 * for anything else. A brand file's new domain is allowed at its next reload, a removed one no
 * longer. Only the proxy may ask (loopback or a TRUST_PROXY address), and never through a brand's
 * own host, where the question has no business.
 */
export function tlsAllowed({ sites, supportHost, trustProxy }: { sites: SiteRegistry; supportHost: string | undefined; trustProxy: TrustFunction }): RequestHandler {
  return (req, res) => {
    const peer = req.socket.remoteAddress;
    const fromProxy = isLoopbackAddress(peer) || (peer !== undefined && trustProxy(peer, 0));
    const host = normalizeHost(req.headers.host);
    if (!fromProxy || sites.resolveHost(host) || host === supportHost) return void res.status(404).type("text/plain").send("not found");
    const asked = req.query.domain;
    const domain = typeof asked === "string" && asked.length <= DOMAIN_MAX ? normalizeHost(asked) : "";
    const allowed = domain !== "" && (sites.ownsDomain(domain) || domain === supportHost);
    res.status(allowed ? 200 : 404).type("text/plain").send(allowed ? "ok" : "not found");
  };
}
