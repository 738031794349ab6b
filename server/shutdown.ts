import type { Logger } from "./log";

/** The process, or a test's emitter. */
type SignalSource = Pick<NodeJS.EventEmitter, "on" | "off">;

type Stoppable = {
  /** Drains and closes the instance (start.ts). */
  stop: () => Promise<void>;
  /** Connections still open, named when the instance cannot wait for them. */
  openConnections: () => Promise<number>;
  log: Logger;
};

/**
 * SIGTERM (a deploy, `docker stop`) and SIGINT drain the instance and exit 0 (docs/decisions/053).
 * The end of the grace period, or a second signal, ends the wait: the process exits 1 and says how
 * many connections it left open. The grace period counts from the first signal.
 */
export function drainOnSignals(
  { stop, openConnections, log }: Stoppable,
  { graceMs, signals = process, exit = process.exit }: { graceMs: number; signals?: SignalSource; exit?: (code: number) => void },
): () => void {
  let startedAt: number | undefined;
  let grace: NodeJS.Timeout | undefined;
  const giveUp = async (why: string) => {
    log.error({ openConnections: await openConnections() }, why);
    exit(1);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (startedAt !== undefined) return void giveUp(`${signal} again while draining: exiting without waiting`);
    startedAt = Date.now();
    log.info({ signal, graceMs }, "draining: unready, finishing the requests and jobs under way");
    // Not unref'd: it is what ends a drain that waits on something that never comes.
    grace = setTimeout(() => void giveUp(`draining took longer than SHUTDOWN_GRACE_MS (${graceMs} ms): exiting without waiting`), graceMs);
    stop().then(
      () => {
        clearTimeout(grace);
        log.info({ ms: Date.now() - startedAt! }, "drained: exiting");
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(grace);
        log.error({ err: error }, "stopping failed");
        exit(1);
      },
    );
  };
  signals.on("SIGTERM", onSignal);
  signals.on("SIGINT", onSignal);
  return () => {
    clearTimeout(grace);
    signals.off("SIGTERM", onSignal);
    signals.off("SIGINT", onSignal);
  };
}
