import type { Site } from "../sites/schema";

/**
 * The origin that links and images in a brand's e-mails point at. In production that is always the
 * brand's primary domain over https: the Host header is the sender's to choose, so a mail must never
 * carry it (a crafted Host or port would put a member's reset token on someone else's server).
 * Outside production it is the address the request came in on (http://flirt-nl.localhost:3000),
 * so links work in local development and tests.
 */
export function linkOrigin({ site, production, requestUrl }: { site: Site; production: boolean; requestUrl: URL }): string {
  if (production) return primaryOrigin(site);
  return `${requestUrl.protocol}//${requestUrl.host}`;
}

/** The brand's public address: its primary domain over https. */
export function primaryOrigin(site: Pick<Site, "domains">): string {
  return `https://${site.domains[0]}`;
}
