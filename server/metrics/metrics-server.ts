import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Registry } from "prom-client";
import type { Logger } from "../log";
import { collectProcessMetrics, processMetrics } from "./registry";

type MetricsServerOptions = {
  port: number;
  host: string;
  /** This instance's own metrics, read when scraped (see storeGauges). */
  instanceMetrics: Registry;
  log: Logger;
};

/**
 * The internal metrics port: GET /metrics in Prometheus's text format, and nothing else. A server
 * of its own, never the brands' port, listening on METRICS_HOST (this machine unless a private
 * network is meant to scrape it).
 */
export async function startMetricsServer({ port, host, instanceMetrics, log }: MetricsServerOptions) {
  collectProcessMetrics();
  const registry = Registry.merge([processMetrics, instanceMetrics]);
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error: Error) => {
        log.error({ err: error }, "collecting the metrics failed");
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Collecting the metrics failed");
      },
    );
  });
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const listening = (server.address() as AddressInfo).port;
  log.info({ port: listening, host }, "metrics listening");
  return {
    port: listening,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection open between scrapes: nothing more comes on it.
        server.closeAllConnections();
      }),
  };
}
