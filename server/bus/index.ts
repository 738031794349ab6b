import type { Bus } from "./bus";
import { createMemoryBus } from "./memory-bus";
import { createRedisBus } from "./redis-bus";

export type { Bus, LimiterOptions, Unsubscribe } from "./bus";

export function openBus(redisUrl: string | undefined, prefix?: string): Promise<Bus> {
  return redisUrl ? createRedisBus({ url: redisUrl, prefix }) : Promise.resolve(createMemoryBus());
}
