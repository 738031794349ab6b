import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/**
 * The metrics the process counts as things happen (docs/decisions/054-metrics-and-traces.md). What
 * is read from the store or the live hub when Prometheus scrapes is in store-gauges.ts. No label
 * ever holds a raw path, an address, a member or anything else a visitor typed: only route ids,
 * brand ids, methods, status codes and names from the code.
 */
export const processMetrics = new Registry();

/** Latency of every answer; its _count is the request counter. From a fast API answer to a slow page. */
export const httpRequestDuration = new Histogram({
  name: "amora_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's end, by Remix route id (or a fixed name for answers outside Remix), brand, method and status.",
  labelNames: ["route", "brand", "method", "status"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const ledgerWrites = new Counter({
  name: "amora_ledger_writes_total",
  help: "Credit ledger rows written (a balance changed), by brand and reason.",
  labelNames: ["brand", "reason"] as const,
  registers: [processMetrics],
});

export const busReconnects = new Counter({
  name: "amora_bus_reconnects_total",
  help: "Times the Redis bus's subscriber connection came back after a loss (the in-process bus never loses it).",
  registers: [processMetrics],
});

let defaultsCollected = false;

/**
 * Node's own metrics (event-loop delay, heap, GC, CPU), prefixed amora_. Their monitors start here,
 * once per process, and only when a metrics port is set.
 */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processMetrics, prefix: "amora_" });
}
