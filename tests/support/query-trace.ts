import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { LogEvent } from "kysely";

/** The request header that names a traced request. */
const TRACE_HEADER = "x-query-trace";

/**
 * Counts the statements (database round trips, BEGIN and COMMIT included) each HTTP request of a
 * test server sends: pass `onQuery` to startTestServer, then `attach` the running server. A request
 * sent with `header()` is traced: every statement run on its behalf, however deep in the app, is
 * kept under its trace id. Statements of other work (the mail outbox, other requests) never mix in.
 */
export function queryTrace() {
  const current = new AsyncLocalStorage<string[]>();
  const traces = new Map<string, string[]>();
  return {
    onQuery(event: LogEvent) {
      if (event.level === "query") current.getStore()?.push(event.query.sql);
    },

    /** Runs each traced request's handling inside its own trace. */
    attach(server: Server) {
      const handlers = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
      server.removeAllListeners("request");
      server.on("request", (req: IncomingMessage, res: ServerResponse) => {
        const id = req.headers[TRACE_HEADER];
        const run = () => handlers.forEach((handler) => handler(req, res));
        if (typeof id !== "string") return run();
        const statements: string[] = [];
        traces.set(id, statements);
        current.run(statements, run);
      });
    },

    /** A fresh trace id and the header that carries it. */
    header(): { id: string; headers: Record<string, string> } {
      const id = randomBytes(8).toString("hex");
      return { id, headers: { [TRACE_HEADER]: id } };
    },

    /** The statements a traced request sent, in order. */
    statements(id: string): string[] {
      const statements = traces.get(id);
      if (!statements) throw new Error(`no request was traced as ${id}`);
      return statements;
    },
  };
}

export type QueryTrace = ReturnType<typeof queryTrace>;
