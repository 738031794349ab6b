import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One span as the OTLP/HTTP JSON encoding carries it (ids in hex), its attributes flattened. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type ExportRequest = {
  resourceSpans?: { scopeSpans?: { spans?: (Omit<ReceivedSpan, "attributes"> & { attributes?: { key: string; value: AnyValue }[] })[] }[] }[];
};

const plain = (value: AnyValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? ""));

/**
 * A collector's OTLP/HTTP trace endpoint (POST /v1/traces) in the test process: it keeps every span
 * and every request body as sent. The exporter the server uses sends JSON; anything else is refused.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const contentTypes: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      contentTypes.push(req.headers["content-type"] ?? "");
      if (req.method !== "POST" || req.url !== "/v1/traces" || !req.headers["content-type"]?.startsWith("application/json")) {
        res.writeHead(415).end();
        return;
      }
      bodies.push(body);
      const request = JSON.parse(body) as ExportRequest;
      for (const resource of request.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? []) {
            const attributes = Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, plain(value)]));
            spans.push({ traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId || undefined, name: span.name, kind: span.kind, attributes });
          }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    bodies,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
