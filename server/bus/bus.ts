import type { RateLimiterAbstract } from "rate-limiter-flexible";

export type Unsubscribe = () => Promise<void>;

export type LimiterOptions = {
  /** Names the limit, such as "login-ip"; keys of different limits never meet. */
  name: string;
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
};

/**
 * Pub/sub, a small cache and rate limits: Redis when REDIS_URL is set, in-process otherwise.
 * Never the only copy of anything (ARCHITECTURE.md): callers can lose all of it and recover.
 */
export interface Bus {
  readonly kind: "memory" | "redis";
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): Promise<Unsubscribe>;
  /**
   * Runs `listener` each time the subscriptions are back after a lost connection: whatever was
   * published meanwhile never arrived, so listeners catch up from the store.
   */
  onReconnect(listener: () => void): () => void;
  /** Runs `listener` when the subscriptions are lost (once per outage), before onReconnect. */
  onDisconnect(listener: () => void): () => void;
  cacheGet<T>(key: string): Promise<T | undefined>;
  cacheSet(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  cacheDelete(key: string): Promise<void>;
  limiter(options: LimiterOptions): RateLimiterAbstract;
  ping(): Promise<void>;
  close(): Promise<void>;
}
