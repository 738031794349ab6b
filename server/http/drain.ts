import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * The HTTP side of an instance that is stopping (SIGTERM, docs/decisions/053): once begun, /readyz
 * answers 503 so the proxy sends nothing new, and every answer, those under way included, closes
 * its connection. A proxy keeps idle connections to reuse: one this server closed just as the
 * proxy sent a request on it would lose that request, so none is left open to be reused.
 */
export function createDrain() {
  let draining = false;
  let server: Server | undefined;
  /** Whether new connections are refused: from then on a connection left idle is closed at once. */
  let closing = false;
  /** Requests whose answer has not gone out yet: they get the closing header too once draining begins. */
  const unanswered = new Set<ServerResponse>();

  const closeAfterAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };

  return {
    get draining() {
      return draining;
    },

    /** Follows the server's requests from its first one; before the app's handler, so even an answer sent at once closes its connection. */
    attach(listening: Server) {
      server = listening;
      listening.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
        if (draining) closeAfterAnswer(res);
        else unanswered.add(res);
        res.once("close", () => {
          unanswered.delete(res);
          // An answer whose header went out before draining began leaves its connection idle, not
          // closed; Node would wait for the keep-alive timeout. (After Node's own bookkeeping.)
          if (closing) setImmediate(() => listening.closeIdleConnections());
        });
      });
    },

    begin() {
      draining = true;
      for (const res of unanswered) closeAfterAnswer(res);
      unanswered.clear();
    },

    /**
     * Refuses new connections and closes the idle ones; resolves once every request under way has
     * been answered and its connection closed.
     */
    stopListening(): Promise<void> {
      if (!server?.listening) return Promise.resolve();
      const closed = server;
      closing = true;
      // close() also closes the connections idle now.
      return new Promise((resolve) => closed.close(() => resolve()));
    },

    /** Connections still open (requests under way), for the log line of an exit that could not wait for them. */
    openConnections(): Promise<number> {
      if (!server) return Promise.resolve(0);
      const counted = server;
      return new Promise((resolve) => counted.getConnections((error, count) => resolve(error ? 0 : count)));
    },
  };
}

export type Drain = ReturnType<typeof createDrain>;
