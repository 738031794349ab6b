import { isLoopbackAddress } from "./trust-proxy";

type Client = {
  production: boolean;
  /** The socket's peer: never a forwarded address, which any client can write. */
  remoteAddress: string | undefined;
  /** The Host header as sent. */
  host: string | undefined;
};

/**
 * Whether a request comes from the developer at this machine: outside production, over a loopback
 * socket, for a `*.localhost` host (so a page of another site that rebinds its name to 127.0.0.1
 * gets nothing). Only such requests see the development conveniences: the mail viewer and stack
 * traces in error pages. Everyone else is served as in production.
 */
export function isDevelopmentClient({ production, remoteAddress, host }: Client): boolean {
  if (production || !isLoopbackAddress(remoteAddress)) return false;
  const hostname = (host ?? "").toLowerCase().replace(/:\d*$/, "");
  return hostname.endsWith(".localhost");
}

/** Whether HOST keeps the server to this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return name === "localhost" || name.endsWith(".localhost") || isLoopbackAddress(name);
}

/**
 * The start-up warning for a server that is not in production mode but reachable from other
 * machines (HOST defaults to 0.0.0.0), or undefined when there is nothing to warn about.
 */
export function exposedDevelopmentWarning({ nodeEnv, host }: { nodeEnv: string; host: string }): string | undefined {
  if (nodeEnv === "production" || isLoopbackHost(host)) return undefined;
  return (
    `NODE_ENV is ${nodeEnv}, not production, yet the server listens on ${host}, where other machines can reach it: ` +
    "session cookies are not marked Secure, missing secrets are generated into DATA_DIR and demo members fill an empty store. " +
    "Set NODE_ENV=production for a deployment, or HOST=127.0.0.1 to keep development on this machine."
  );
}
