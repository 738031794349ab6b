import { createECDH, randomBytes } from "node:crypto";
import { Agent, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { connect, type ConnectionOptions } from "node:tls";
// web-push's own encryption library: the stand-in reads messages as a browser would.
import ece from "http_ece";
import { STAND_IN_TLS } from "./mollie-stand-in-data";

/** A host name isPublicPushEndpoint accepts (https, a public-looking name, port 443): the agent below sends it to the stand-in. */
export const PUSH_HOST = "push.amora-test.example";

export type PushRequest = { path: string; headers: Record<string, string | string[] | undefined>; payload: unknown };

/** A browser's side of a subscription: the keys it gives the server, and its private key to read what comes. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  const p256dh = ecdh.generateKeys().toString("base64url");
  const auth = randomBytes(16).toString("base64url");
  return { subscription: { endpoint, expirationTime: null, keys: { p256dh, auth } }, ecdh };
}

/**
 * A local HTTPS stand-in for a browser's push service, for the network boundary of push delivery:
 * every request is recorded and decrypted with the subscription's keys; `answer(path, status)`
 * sets what an endpoint answers (201 by default). `agent` is the https.Agent the server's push
 * sender gets (services.pushAgent): it connects every push to this stand-in, whatever the host.
 */
export async function startPushStandIn() {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const readers = new Map<string, ReturnType<typeof browserSubscription>>();
  const server = createServer({ key: STAND_IN_TLS.key, cert: STAND_IN_TLS.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      const reader = readers.get(path);
      let payload: unknown = null;
      if (reader) {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: reader.ecdh, authSecret: reader.subscription.keys.auth });
        const text = plain.toString("utf8");
        try {
          payload = JSON.parse(text);
        } catch {
          payload = text;
        }
      }
      requests.push({ path, headers: req.headers, payload });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: false });
  // Every connection goes to the stand-in, trusting its own certificate only.
  Object.assign(agent, {
    createConnection: (options: ConnectionOptions, callback?: () => void) =>
      connect({ ...options, host: "127.0.0.1", port, servername: undefined, ca: STAND_IN_TLS.cert, checkServerIdentity: () => undefined }, callback),
  });
  let counter = 0;
  return {
    agent,
    requests,
    /** A new browser: its subscription (for POST /api/user.php?push=1) on an endpoint of the stand-in. */
    newBrowser() {
      const path = `/push/${(counter += 1)}-${randomBytes(6).toString("hex")}`;
      const browser = browserSubscription(`https://${PUSH_HOST}${path}`);
      readers.set(path, browser);
      return { ...browser, path };
    },
    answer(path: string, status: number) {
      statuses.set(path, status);
    },
    received: (path: string) => requests.filter((request) => request.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushStandIn = Awaited<ReturnType<typeof startPushStandIn>>;
