import type { AppLoadContext } from "@remix-run/node";

/** Scripts only from this origin or with this request's nonce; images also from the site's CDN. */
export function contentSecurityPolicy({ nonce, site }: Pick<AppLoadContext, "nonce" | "site">): string {
  const cdn = site.cdn_prefix.startsWith("https://") ? ` ${new URL(site.cdn_prefix).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${cdn}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
