import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request as httpsRequest, type Agent } from "node:https";
import { connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect as tlsConnect } from "node:tls";
import { freePort } from "./free-port";
import type { PlainResponse } from "./test-server";
import { waitUntil } from "./wait";

export type Caddy = {
  ports: { http: number; https: number };
  /** The names on the certificate Caddy presents for `servername`, or the handshake's error. */
  certificateFor: (servername: string) => Promise<string[] | Error>;
  /** Caddy's own root certificate, which signs what it serves. */
  rootCertificate: () => Promise<Buffer>;
  /** A request for `domain` over HTTPS, checked against Caddy's root (through `agent` when given, for kept-alive connections). */
  request: (domain: string, pathname: string, options?: { headers?: Record<string, string>; method?: string; body?: string; agent?: Agent }) => Promise<PlainResponse>;
  /** What Caddy logged. */
  output: () => string;
  stop: () => Promise<void>;
};

/** Whether something accepts TCP connections on the port. */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = tcpConnect(port, "127.0.0.1", () => resolve(socket.destroy() === socket));
    socket.on("error", () => resolve(false));
  });

/**
 * Debian's Caddy running the repository's deploy/Caddyfile, with its own CA instead of Let's Encrypt
 * (TLS_ISSUER=internal), in front of app instances on this machine's ports. Certificates are asked
 * for at the `askPort` instance, as the Caddyfile's default asks the first.
 */
export async function startCaddy({ upstreams, askPort }: { upstreams: number[]; askPort: number }): Promise<Caddy> {
  const storage = await mkdtemp(path.join(tmpdir(), "amora-caddy-"));
  const ports = { http: await freePort(), https: await freePort() };
  let log = "";
  const caddy: ChildProcess = spawn("caddy", ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: storage,
      HTTP_PORT: String(ports.http),
      HTTPS_PORT: String(ports.https),
      CADDY_STORAGE: storage,
      TLS_ISSUER: "internal",
      TLS_ASK: `http://127.0.0.1:${askPort}/internal/tls-allowed`,
      APP_UPSTREAMS: upstreams.map((port) => `127.0.0.1:${port}`).join(" "),
    },
  });
  caddy.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (caddy.exitCode === null && caddy.signalCode === null) {
      const exited = new Promise((resolve) => caddy.once("exit", resolve));
      caddy.kill("SIGKILL");
      await exited;
    }
    await rm(storage, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      () => accepts(ports.https),
      (open) => open || caddy.exitCode !== null,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  if (caddy.exitCode !== null) {
    await stop();
    throw new Error(`caddy stopped: ${log}`);
  }

  let root: Promise<Buffer> | undefined;
  // Caddy writes its root when it makes it, at start; read once.
  const rootCertificate = () => (root ??= readFile(path.join(storage, "pki", "authorities", "local", "root.crt")));

  const certificateFor = (servername: string) =>
    new Promise<string[] | Error>((resolve) => {
      const socket = tlsConnect({ host: "127.0.0.1", port: ports.https, servername, rejectUnauthorized: false }, () => {
        const names = (socket.getPeerCertificate().subjectaltname ?? "").split(", ").map((entry) => entry.replace(/^DNS:/, ""));
        socket.end();
        resolve(names);
      });
      socket.on("error", (error) => resolve(error));
    });

  const request: Caddy["request"] = async (domain, pathname, { headers = {}, method = "GET", body, agent } = {}) => {
    const ca = await rootCertificate();
    const length: Record<string, string> = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    return new Promise((resolve, reject) => {
      const req = httpsRequest({ host: "127.0.0.1", port: ports.https, servername: domain, path: pathname, method, headers: { host: domain, ...length, ...headers }, ca, agent }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  };

  return { ports, certificateFor, rootCertificate, request, output: () => log, stop };
}
