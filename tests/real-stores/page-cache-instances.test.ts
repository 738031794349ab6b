import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realStores } from "../support/chat-instances";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, testRedisPrefix, type PlainResponse, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

/** A logged-out page rendered on one instance is served from Redis by another, and a brand edit reaches both. */
describe("anonymous pages shared through Redis", () => {
  const { redisUrl } = realStores();
  const redisPrefix = testRedisPrefix();
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let one: TestServer;
  let two: TestServer;
  let redis: Redis;

  beforeAll(async () => {
    database = await freshDatabaseUrl();
    one = await startTestServer({ databaseUrl: database.url, redisUrl, redisPrefix });
    two = await startTestServer({ databaseUrl: database.url, redisUrl, redisPrefix, dataDir: one.dataDir, sitesDir: one.sitesDir });
    redis = new Redis(redisUrl);
  });

  afterAll(async () => {
    redis?.disconnect();
    await Promise.allSettled([one?.stop(), two?.stop()]);
    await database?.drop();
  });

  const get = (server: TestServer, pathname: string) => requestAs(server.port, `gay-uk.localhost:${server.port}`, pathname, { "accept-language": "en" });
  const nonce = (response: PlainResponse) => /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1] ?? "";
  const keptPages = () => redis.keys(`${redisPrefix}cache:page:*`);

  it("serves on instance 2 the page instance 1 rendered, with its own nonce", async () => {
    const rendered = await get(one, "/pages/terms");
    expect(rendered.headers["x-page-cache"]).toBe("miss");
    await waitUntil(keptPages, (keys) => keys.length === 1);

    const shared = await get(two, "/pages/terms");
    expect(shared.status).toBe(200);
    expect(shared.headers["x-page-cache"]).toBe("hit");
    expect(nonce(shared)).not.toBe(nonce(rendered));
    expect(shared.body.replaceAll(nonce(shared), "NONCE")).toBe(rendered.body.replaceAll(nonce(rendered), "NONCE"));
  });

  it("shows a brand file's edit on both instances at once, never the page Redis kept before", async () => {
    await get(one, "/");
    await waitUntil(keptPages, (keys) => keys.length === 2);

    const file = path.join(one.sitesDir, "gay-uk.json");
    const settings = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const applied = [one, two].map(
      (server) =>
        new Promise<void>((resolve) => {
          const stop = server.sites.onChange((_all, { changed }) => {
            if (!changed.some((site) => site.id === "gay-uk")) return;
            stop();
            resolve();
          });
        }),
    );
    await writeFile(file, JSON.stringify({ ...settings, name: "HimMatch Shared" }, null, 2));
    await Promise.all(applied);

    const edited = await get(two, "/");
    expect(edited.headers["x-page-cache"]).toBe("miss");
    expect(edited.body).toContain("HimMatch Shared");
    await waitUntil(keptPages, (keys) => keys.length === 3);
    const fromOne = await get(one, "/");
    expect(fromOne.headers["x-page-cache"]).toBe("hit");
    expect(fromOne.body).toContain("HimMatch Shared");
  });
});
