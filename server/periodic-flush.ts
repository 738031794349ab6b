/**
 * What gathers in memory and is written in one statement every few seconds (presence, lander
 * visits): a write is never joined by a second one, the timer does not keep the process alive, and
 * stopping waits for a write under way, then writes what is left.
 */
export function periodicFlush(write: () => Promise<void>, everyMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  const flush = (): Promise<void> => (flushing ??= write().finally(() => (flushing = undefined)));
  return {
    /** Writes what was gathered (the timer does this; tests call it to not wait). */
    flush,
    start() {
      timer ??= setInterval(() => void flush(), everyMs);
      timer.unref();
    },
    /** Writes what is left, before the store closes. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flushing;
      await write();
    },
  };
}
