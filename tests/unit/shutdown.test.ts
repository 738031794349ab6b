import { EventEmitter } from "node:events";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { drainOnSignals } from "../../server/shutdown";

/** An instance whose drain ends when the test says, logging what it says, on a signal source of its own. */
function instance() {
  const lines: { level: number; msg: string; openConnections?: number }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  let finish!: () => void;
  const stop = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const signals = new EventEmitter();
  const exit = vi.fn<(code: number) => void>();
  return { lines, log, stop, finish: () => finish(), signals, exit, openConnections: () => Promise.resolve(2) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("draining on SIGTERM", () => {
  let dispose = () => {};
  afterEach(() => {
    dispose();
    vi.useRealTimers();
  });

  it("drains once and exits 0 when the drain is done", async () => {
    const app = instance();
    dispose = drainOnSignals(app, { graceMs: 8_000, signals: app.signals, exit: app.exit });
    app.signals.emit("SIGTERM", "SIGTERM");
    expect(app.stop).toHaveBeenCalledTimes(1);
    await settled();
    expect(app.exit).not.toHaveBeenCalled();
    app.finish();
    await settled();
    expect(app.exit.mock.calls).toEqual([[0]]);
    expect(app.lines.map((line) => line.msg)).toEqual(["draining: unready, finishing the requests and jobs under way", "drained: exiting"]);
  });

  it("exits 1 at the end of the grace period, saying how many connections it left", async () => {
    vi.useFakeTimers();
    const app = instance();
    dispose = drainOnSignals(app, { graceMs: 8_000, signals: app.signals, exit: app.exit });
    app.signals.emit("SIGTERM", "SIGTERM");
    await vi.advanceTimersByTimeAsync(7_999);
    expect(app.exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(app.exit.mock.calls).toEqual([[1]]);
    expect(app.lines.at(-1)).toMatchObject({ level: 50, msg: expect.stringContaining("longer than SHUTDOWN_GRACE_MS (8000 ms)"), openConnections: 2 });
  });

  it("exits 1 at a second signal, without waiting", async () => {
    const app = instance();
    dispose = drainOnSignals(app, { graceMs: 8_000, signals: app.signals, exit: app.exit });
    app.signals.emit("SIGTERM", "SIGTERM");
    app.signals.emit("SIGINT", "SIGINT");
    await settled();
    expect(app.stop).toHaveBeenCalledTimes(1);
    expect(app.exit.mock.calls).toEqual([[1]]);
    expect(app.lines.at(-1)).toMatchObject({ level: 50, msg: "SIGINT again while draining: exiting without waiting" });
  });
});
