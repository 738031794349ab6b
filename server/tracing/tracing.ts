import type { RequestHandler } from "express";
import type { LogEvent } from "kysely";
import { answeredBy } from "../http/matched-route";
import type { Logger } from "../log";
import type { Site } from "../sites/schema";

/**
 * OpenTelemetry traces (docs/decisions/054-metrics-and-traces.md): a span for each request, one for
 * each loader and action it runs, and one for each SQL statement sent on its behalf. Spans carry
 * route ids, brand ids, methods, status codes and statement texts (parameters are never in them:
 * Kysely sends values apart), never a path, an address, a cookie or a member.
 */
export type Tracing = {
  /** Opens the request's span; the first middleware, so everything after it runs inside. */
  requests: RequestHandler;
  /** Runs work in a span of its own, a child of the request's. */
  inSpan<T>(name: string, attributes: Record<string, string>, work: () => T | Promise<T>): Promise<T>;
  /** Hears every statement the store sends: one sent for a traced request becomes a span. */
  onQuery(event: LogEvent): void;
  /** Sends the spans still waiting, and stops. */
  shutdown(): Promise<void>;
};

type TracingOptions = { endpoint: string | undefined; serviceName: string; log: Logger };

/** The longest statement text a span keeps. */
const STATEMENT_CHARACTERS = 4_000;

/**
 * Starts the OpenTelemetry SDK when a collector is named; without one nothing of OpenTelemetry is
 * loaded (the imports below are dynamic, and stay so in the bundle) and no request does any work for it.
 */
export async function startTracing({ endpoint, serviceName, log }: TracingOptions): Promise<Tracing | undefined> {
  if (!endpoint) return undefined;
  const [api, { NodeSDK }, { OTLPTraceExporter }] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  const sdk = new NodeSDK({
    serviceName,
    // OTLP over HTTP with JSON bodies: what every collector takes on its port 4318.
    traceExporter: new OTLPTraceExporter({ url: new URL("v1/traces", endpoint.endsWith("/") ? endpoint : `${endpoint}/`).href }),
    // Traces only: metrics are Prometheus's (server/metrics), logs are pino's.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  const tracer = api.trace.getTracer("amora");
  const { SpanKind, SpanStatusCode } = api;
  log.info({ endpoint, serviceName }, "tracing to an OpenTelemetry collector");

  const requests: RequestHandler = (req, res, next) => {
    // A proxy that traces (Caddy can) makes this request's span a child of its own.
    const parent = api.propagation.extract(api.ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method } }, parent);
    const active = api.trace.setSpan(parent, span);
    // The body is read, and the answer ends, in listeners of these two: they run in the request's context too.
    api.context.bind(active, req);
    api.context.bind(active, res);
    res.once("close", () => {
      const route = answeredBy(req, res);
      const site = res.locals.site as Site | undefined;
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": res.statusCode, ...(site ? { "amora.brand": site.id } : {}) });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    api.context.with(active, next);
  };

  return {
    requests,
    inSpan: (name, attributes, work) =>
      tracer.startActiveSpan(name, { attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          // A thrown Response (a redirect, a 404) is an answer, not a failure; a failure's message may hold data.
          if (!(error instanceof Response)) span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name });
          throw error;
        } finally {
          span.end();
        }
      }),
    onQuery(event) {
      const parent = api.context.active();
      // Statements of background work (the job runner's and the mailer's polling) would each be a trace of their own.
      if (!api.trace.getSpan(parent)) return;
      const statement = event.query.sql;
      const end = performance.timeOrigin + performance.now();
      const span = tracer.startSpan(
        /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? "SQL",
        {
          kind: SpanKind.CLIENT,
          startTime: end - event.queryDurationMillis,
          attributes: { "db.system.name": "postgresql", "db.query.text": statement.slice(0, STATEMENT_CHARACTERS) },
        },
        parent,
      );
      if (event.level === "error") span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(end);
    },
    async shutdown() {
      await sdk.shutdown();
      // The API's globals are let go: a server started later in this process (a test's) registers its own.
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
