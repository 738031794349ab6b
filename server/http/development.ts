import { productionRules, type Env } from "../env";
import { isLoopbackAddress } from "./trust-proxy";

type Client = {
  /** Whether production's rules apply (productionRules). */
  production: boolean;
  /** The socket's peer: never a forwarded address, which any client can write. */
  remoteAddress: string | undefined;
  /** The Host header as sent. */
  host: string | undefined;
};

/**
 * Whether a request comes from the developer at this machine: without production's rules
 * (development, tests, DEMO=on), over a loopback socket, for a `*.localhost` host (so a page of
 * another site that rebinds its name to 127.0.0.1 gets nothing). Only such requests see the
 * conveniences: the mail viewer, and in development stack traces in error pages. Everyone else is
 * served as in production.
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
 * The start-up warning for a server without production's rules (development, tests, DEMO=on) that
 * is reachable from other machines, or undefined when there is nothing to warn about.
 */
export function exposedDevelopmentWarning({ nodeEnv, demo = "off", host }: { nodeEnv: Env["NODE_ENV"]; demo?: Env["DEMO"]; host: string }): string | undefined {
  if (productionRules({ NODE_ENV: nodeEnv, DEMO: demo }) || isLoopbackHost(host)) return undefined;
  const relaxed =
    "session cookies are not marked Secure, missing secrets are generated into DATA_DIR, the test payment provider hands out credits for nothing, " +
    "every brand answers on <id>.localhost and demo members fill an empty store.";
  if (nodeEnv === "production") {
    return `DEMO is on, yet the server listens on ${host}, where other machines can reach it: ${relaxed} Never run a deployment with DEMO=on; unset HOST to keep the demo on this machine.`;
  }
  return (
    `NODE_ENV is ${nodeEnv}, not production, yet the server listens on ${host}, where other machines can reach it: ${relaxed} ` +
    "Set NODE_ENV=production for a deployment, or HOST=127.0.0.1 to keep development on this machine."
  );
}
