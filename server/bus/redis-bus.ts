import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { Bus } from "./bus";

type RedisBusOptions = { url: string; prefix?: string };

/** The bus across instances: commands and publishing on one connection, subscriptions on another. */
export async function createRedisBus({ url, prefix = "amora:" }: RedisBusOptions): Promise<Bus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const commands = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // ioredis reconnects by itself; without listeners its errors would crash the process.
  commands.on("error", () => {});
  subscriber.on("error", () => {});
  await Promise.all([commands.connect(), subscriber.connect()]);

  // Connected by now, so every later "ready" is a reconnect; ioredis has subscribed again by then.
  // "close" comes again after each failed attempt: listeners hear of the first one of an outage.
  const reconnectListeners = new Set<() => void>();
  const disconnectListeners = new Set<() => void>();
  let subscribed = true;
  subscriber.on("close", () => {
    if (!subscribed) return;
    subscribed = false;
    for (const listener of disconnectListeners) listener();
  });
  subscriber.on("ready", () => {
    subscribed = true;
    for (const listener of reconnectListeners) listener();
  });

  const handlers = new Map<string, Set<(message: unknown) => void>>();
  subscriber.on("message", (channel: string, payload: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    const message = JSON.parse(payload) as unknown;
    for (const handler of set) handler(message);
  });

  return {
    kind: "redis",
    async publish(channel, message) {
      await commands.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      let set = handlers.get(key);
      if (!set) {
        set = new Set();
        handlers.set(key, set);
        await subscriber.subscribe(key);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(key) === set) {
          handlers.delete(key);
          await subscriber.unsubscribe(key);
        }
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },
    onDisconnect(listener) {
      disconnectListeners.add(listener);
      return () => void disconnectListeners.delete(listener);
    },
    async cacheGet<T>(key: string) {
      const value = await commands.get(prefix + "cache:" + key);
      return value === null ? undefined : (JSON.parse(value) as T);
    },
    async cacheSet(key, value, ttlSeconds) {
      await commands.set(prefix + "cache:" + key, JSON.stringify(value), "EX", ttlSeconds);
    },
    async cacheDelete(key) {
      await commands.del(prefix + "cache:" + key);
    },
    limiter: ({ name, points, durationSeconds, blockSeconds }) =>
      new RateLimiterRedis({
        storeClient: commands,
        keyPrefix: `${prefix}limit:${name}`,
        points,
        duration: durationSeconds,
        blockDuration: blockSeconds,
      }),
    async ping() {
      await commands.ping();
    },
    async close() {
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
