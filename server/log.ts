import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  // Written asynchronously: lines logged while a write is under way go out together in the next, instead
  // of a blocking system call per request. What is still held is written when the process exits.
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ dest: 1, sync: false }));
}
