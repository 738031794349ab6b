import { isIP } from "node:net";

/** Names that only mean something inside a network (RFC 6761, 6762, 8375, and the usual private suffixes). */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".intranet", ".lan", ".home", ".home.arpa", ".corp", ".private"];

/**
 * Whether a push subscription's endpoint is one the server may send to: a browser's public push
 * service (FCM, Mozilla, Windows, Apple…), which is always an https URL on port 443 under a public
 * host name. web-push POSTs to whatever is stored, so everything else is refused before it is
 * stored: other schemes and ports, credentials in the URL, any IP address (private, loopback and
 * link-local ones above all, in whatever notation the URL parser reads as one, such as 2130706433
 * or [::ffff:127.0.0.1]; no push service is addressed by IP), and single-label or local-only names.
 */
export function isPublicPushEndpoint(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (isIP(host.replace(/^\[|\]$/g, "")) !== 0) return false;
  if (!host.includes(".") || host === "localhost") return false;
  return !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
