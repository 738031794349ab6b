import { EventEmitter } from "node:events";
import { LRUCache } from "lru-cache";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Bus } from "./bus";

/** The bus for one process: the demo, the tests, and any single-instance deployment. */
export function createMemoryBus(): Bus {
  const events = new EventEmitter().setMaxListeners(0);
  const cache = new LRUCache<string, { value: unknown }>({ max: 50_000 });
  return {
    kind: "memory",
    async publish(channel, message) {
      // Same wire format as Redis, so subscribers never share an object with the publisher.
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      queueMicrotask(() => events.emit(channel, copy));
    },
    async subscribe(channel, handler) {
      events.on(channel, handler);
      return async () => void events.off(channel, handler);
    },
    // One process never loses its own events.
    onReconnect: () => () => {},
    onDisconnect: () => () => {},
    async cacheGet<T>(key: string) {
      return cache.get(key)?.value as T | undefined;
    },
    async cacheSet(key, value, ttlSeconds) {
      cache.set(key, { value }, { ttl: ttlSeconds * 1000 });
    },
    async cacheDelete(key) {
      cache.delete(key);
    },
    limiter: ({ name, points, durationSeconds, blockSeconds }) =>
      new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds, blockDuration: blockSeconds }),
    async ping() {},
    async close() {
      events.removeAllListeners();
      cache.clear();
    },
  };
}
