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

  // Per channel: its handlers, and the SUBSCRIBE they wait on. A SUBSCRIBE that fails (Redis is
  // down) forgets the channel, so the next subscriber sends SUBSCRIBE again instead of joining
  // handlers Redis never heard of.
  type Channel = { handlers: Set<(message: unknown) => void>; ready: Promise<unknown> };
  const channels = new Map<string, Channel>();
  subscriber.on("message", (channel: string, payload: string) => {
    const entry = channels.get(channel);
    if (!entry) return;
    const message = JSON.parse(payload) as unknown;
    for (const handler of entry.handlers) handler(message);
  });

  return {
    kind: "redis",
    async publish(channel, message) {
      await commands.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      let entry = channels.get(key);
      if (!entry) {
        const created: Channel = { handlers: new Set(), ready: Promise.resolve() };
        created.ready = subscriber.subscribe(key).catch((error: unknown) => {
          if (channels.get(key) === created) channels.delete(key);
          throw error;
        });
        channels.set(key, created);
        entry = created;
      }
      await entry.ready;
      const { handlers } = entry;
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0 && channels.get(key) === entry) {
          channels.delete(key);
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
