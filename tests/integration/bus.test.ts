import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBus, type Bus } from "../../server/bus";

const kind = process.env.REDIS_URL ? "redis" : "memory";

describe(`bus on ${kind}`, () => {
  let bus: Bus;
  let other: Bus;
  const prefix = `amora-test-${randomBytes(4).toString("hex")}:`;

  beforeAll(async () => {
    bus = await openBus(process.env.REDIS_URL, prefix);
    // A second connection stands for a second app instance; in-process there is only one.
    other = process.env.REDIS_URL ? await openBus(process.env.REDIS_URL, prefix) : bus;
  });

  afterAll(async () => {
    if (other !== bus) await other?.close();
    await bus?.close();
  });

  it("is the kind the environment names", () => {
    expect(bus.kind).toBe(kind);
  });

  it("delivers a published message to every subscriber, across instances", async () => {
    const received: unknown[] = [];
    const arrived = new Promise<void>((resolve) => {
      void other.subscribe("chat:1", (message) => {
        received.push(message);
        resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await bus.publish("chat:1", { text: "hoi", at: 1 });
    await arrived;
    expect(received).toEqual([{ text: "hoi", at: 1 }]);
  });

  it("stops delivering after unsubscribing", async () => {
    const received: unknown[] = [];
    const unsubscribe = await other.subscribe("chat:2", (message) => received.push(message));
    await unsubscribe();
    await bus.publish("chat:2", { text: "gone" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
  });

  it("caches values until they expire", async () => {
    await bus.cacheSet("k", { n: 1 }, 1);
    expect(await other.cacheGet("k")).toEqual({ n: 1 });
    await bus.cacheDelete("k");
    expect(await bus.cacheGet("k")).toBeUndefined();
    await bus.cacheSet("short", 1, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await bus.cacheGet("short")).toBeUndefined();
  });

  it("limits by key and blocks past the limit", async () => {
    const limiter = bus.limiter({ name: "login", points: 2, durationSeconds: 60, blockSeconds: 120 });
    await limiter.consume("1.2.3.4");
    await limiter.consume("1.2.3.4");
    await expect(limiter.consume("1.2.3.4")).rejects.toMatchObject({ msBeforeNext: expect.any(Number) });
    await expect(limiter.consume("5.6.7.8")).resolves.toMatchObject({ remainingPoints: 1 });
  });
});
