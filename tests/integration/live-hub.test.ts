import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "../../server/bus";
import { createMemoryBus } from "../../server/bus/memory-bus";
import { memberChannel } from "../../server/chat/events";
import { createLiveHub, type LiveHub } from "../../server/chat/live";
import { toChatMessage } from "../../server/chat/messages";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile, addSite } from "../support/store-fixtures";

/** A bus whose connection a test cuts and restores by hand. */
function flakyBus(): Bus & { lose(): void; restore(): void } {
  const bus = createMemoryBus();
  const lost = new Set<() => void>();
  const back = new Set<() => void>();
  return {
    ...bus,
    onDisconnect: (listener) => (lost.add(listener), () => void lost.delete(listener)),
    onReconnect: (listener) => (back.add(listener), () => void back.delete(listener)),
    lose: () => lost.forEach((listener) => listener()),
    restore: () => back.forEach((listener) => listener()),
  };
}

describe("the live hub after a bus outage", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let hub: LiveHub;
  let bus: ReturnType<typeof flakyBus>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("hub", database.url) });
    await migrate(store);
    site = await addSite(store, "hub");
    bus = flakyBus();
    hub = createLiveHub({ bus, db: store.db, log: pino({ level: "silent" }) });
  });

  afterAll(async () => {
    hub?.close();
    await bus?.close();
    await store?.close();
    await drop?.();
  });

  it("catches a tab up from where it was when the bus went down, even after newer messages came live", async () => {
    const a = await addProfile(store, site, { name: "A" });
    const b = await addProfile(store, site, { name: "B" });
    const conversation = await store.db.insertInto("conversations").values({ pool: site.pool, started_by: a }).returning("id").executeTakeFirstOrThrow();
    await store.db
      .insertInto("conversation_members")
      .values([
        { conversation_id: conversation.id, profile_id: a, other_profile_id: b },
        { conversation_id: conversation.id, profile_id: b, other_profile_id: a },
      ])
      .execute();
    const insert = (body: string, createdAt: Date) =>
      store.db
        .insertInto("messages")
        .values({
          conversation_id: conversation.id,
          sender_id: a,
          kind: "text",
          body,
          image_filename: null,
          image_thumb_filename: null,
          gift: null,
          client_id: null,
          created_at: createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();

    const frames: string[] = [];
    await hub.connect({ profileId: b, site, write: (frame) => frames.push(frame), toMessage: (row) => toChatMessage(site, row), end: () => {} });
    const now = Date.now();
    const before = await insert("before", new Date(now - 20_000));
    await bus.publish(memberChannel(b), { type: "message", message: toChatMessage(site, before) });
    await new Promise((resolve) => setTimeout(resolve, 10));

    // The bus goes down for longer than the catch-up looks back; what is sent meanwhile is lost.
    bus.lose();
    const lost = await insert("lost", new Date(now - 15_000));
    // Back again: a message published right after the reconnect arrives before the catch-up runs.
    const after = await insert("after", new Date(now));
    bus.restore();
    await bus.publish(memberChannel(b), { type: "message", message: toChatMessage(site, after) });
    await new Promise((resolve) => setTimeout(resolve, 600));

    const ids = frames.flatMap((frame) => (/^id: (\d+)$/m.exec(frame)?.[1] ? [Number(/^id: (\d+)$/m.exec(frame)?.[1])] : []));
    expect(ids).toEqual([before.id, after.id, lost.id]);
    expect(frames.at(-1)).toMatch(/^event: resync$/m);
  });
});
