// deploy/Caddyfile as the stack runs it: Debian's `caddy` adapts and validates it with the caddy
// service's environment from compose.yaml, and the adapted JSON must use what compose sets.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

type CaddyRun = { ok: true; stdout: string } | { ok: false; message: string };

async function caddy(args: string[], environment: Record<string, string>): Promise<CaddyRun> {
  try {
    const { stdout } = await run("caddy", args, { env: { ...process.env, ...environment }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    return { ok: true, stdout };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") return { ok: false, message: "caddy is not installed; install Debian's package (apt-get install caddy, as scripts/ensure-packages.sh does)" };
    // Caddy logs JSON lines; the last error line says what is wrong.
    const lines = (failure.stderr ?? failure.message).trim().split("\n");
    const last = lines.findLast((line) => /error/i.test(line)) ?? lines.at(-1) ?? "";
    return { ok: false, message: last.replace(/^.*"error":"?/, "").replace(/"?}?$/, "") };
  }
}

/** Every value of `key` anywhere in the adapted configuration. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((item) => valuesOf(item, key));
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([name, value]) => [...(name === key ? [value] : []), ...valuesOf(value, key)]);
}

type ReverseProxy = { upstreams?: { dial?: string }[]; health_checks?: { active?: { uri?: string; path?: string } } };

/**
 * Problems with the Caddyfile under this environment (the caddy service's, interpolated): it must
 * adapt and validate, proxy to APP_UPSTREAMS with an active health check on /healthz or /readyz,
 * and ask TLS_ASK before a certificate.
 */
export async function checkCaddyfile(caddyfilePath: string, environment: Map<string, string>): Promise<string[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), "amora-deploy-check-"));
  try {
    // Certificates and Caddy's own files go to a scratch folder, not the container's /data.
    const env = { ...Object.fromEntries(environment), HOME: scratch, CADDY_STORAGE: scratch, XDG_DATA_HOME: scratch, XDG_CONFIG_HOME: scratch };
    const args = ["--config", caddyfilePath, "--adapter", "caddyfile"];
    const adapted = await caddy(["adapt", ...args], env);
    if (!adapted.ok) return [`${caddyfilePath}: caddy adapt fails: ${adapted.message}`];
    const problems: string[] = [];
    const config = JSON.parse(adapted.stdout) as unknown;
    const proxies = valuesOf(config, "handle")
      .flat()
      .filter((handler): handler is ReverseProxy & { handler: string } => (handler as { handler?: string })?.handler === "reverse_proxy");
    const upstreams = (environment.get("APP_UPSTREAMS") ?? "").split(/\s+/).filter(Boolean).sort().join(" ");
    const toInstances = proxies.find((proxy) => (proxy.upstreams ?? []).map((upstream) => upstream.dial).sort().join(" ") === upstreams);
    if (!toInstances) {
      problems.push(`${caddyfilePath}: no reverse_proxy goes to APP_UPSTREAMS (${upstreams}); proxy to {$APP_UPSTREAMS}`);
    } else {
      const uri = toInstances.health_checks?.active?.uri ?? toInstances.health_checks?.active?.path;
      if (uri !== "/healthz" && uri !== "/readyz") problems.push(`${caddyfilePath}: the reverse_proxy to the instances has no active health check on /healthz; add health_uri /healthz`);
    }
    const asks = valuesOf(config, "ask");
    if (!asks.includes(environment.get("TLS_ASK"))) problems.push(`${caddyfilePath}: on-demand TLS does not ask ${environment.get("TLS_ASK")} (TLS_ASK); set on_demand_tls { ask {$TLS_ASK} }`);
    const validated = await caddy(["validate", ...args], env);
    if (!validated.ok) problems.push(`${caddyfilePath}: caddy validate fails: ${validated.message}`);
    return problems;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
