/**
 * Pure functions from a request's Host header to what identifies a brand. Kept apart from the
 * registry so that every rule (ports, www., trailing dots, <site-id>.localhost) is unit-tested.
 */

/** Lower case, no port, no trailing dot, no leading www. */
export function normalizeHost(host: string | null | undefined): string {
  if (!host) return "";
  let name = host.trim().toLowerCase();
  if (name.startsWith("[")) return name; // IPv6 literal: never a brand
  name = name.replace(/:\d+$/, "").replace(/\.$/, "");
  return name.startsWith("www.") ? name.slice(4) : name;
}

/** `flirt-nl.localhost` (any port) names the site flirt-nl; only outside production. */
export function siteIdFromLocalhost(normalizedHost: string): string | undefined {
  const match = /^([a-z0-9][a-z0-9-]*)\.localhost$/.exec(normalizedHost);
  return match?.[1];
}
