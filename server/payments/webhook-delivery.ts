import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export type DeliveryAnswer = { status: number; body: string };

const TIMEOUT_MS = 10_000;

/**
 * POSTs a body to a URL as an outside provider would. A `*.localhost` host (the brands of a
 * development machine and of the tests) is reached on the loopback interface with its name in the
 * Host header: the resolver of the machine may not know such names, the server finds the brand by it.
 */
export function postTo(url: string, body: string, headers: Record<string, string>): Promise<DeliveryAnswer> {
  const target = new URL(url);
  const loopback = target.hostname === "localhost" || target.hostname.endsWith(".localhost");
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        // "localhost" lets the resolver pick IPv4 or IPv6, whichever the server listens on.
        host: loopback ? "localhost" : target.hostname,
        servername: loopback ? undefined : target.hostname,
        port: target.port || undefined,
        path: target.pathname + target.search,
        method: "POST",
        headers: { ...headers, host: target.host, "content-length": String(Buffer.byteLength(body)) },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${target.host} in ${TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Delivers a webhook the way providers do: again after a growing pause while the receiver does not
 * accept it (a 5xx, a lost connection, or a payment it does not know yet because the order is still
 * being stored). A 4xx other than "not found" is the receiver's final word and is not repeated.
 */
export async function deliverWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  { attempts = 5, firstPauseMs = 200 }: { attempts?: number; firstPauseMs?: number } = {},
): Promise<DeliveryAnswer> {
  let last: DeliveryAnswer | Error = new Error("not sent");
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, firstPauseMs * 3 ** (attempt - 1)));
    try {
      last = await postTo(url, body, headers);
      if (last.status < 400 || (last.status < 500 && last.status !== 404)) return last;
    } catch (error) {
      last = error as Error;
    }
  }
  if (last instanceof Error) throw last;
  return last;
}
