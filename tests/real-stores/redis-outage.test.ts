import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arrivals, chatMember, openStream, realStores, sendChat, twoInstances, type ChatMember, type SendReply } from "../support/chat-instances";
import type { EventStream } from "../support/event-stream";
import { requestAs, type PlainResponse, type TestServer } from "../support/test-server";
import { freePort } from "../support/free-port";
import { waitUntil } from "../support/wait";

// A message every 100 ms, every 200 ms while Redis is down for 6 s: longer than the few seconds
// the catch-up looks back past the last message a tab had (COMMIT_SLACK_MS in messages.ts).
const KILL_AFTER = 12; // messages sent before Redis dies
const RESTART_AFTER = 42; // messages sent before it is back
const MESSAGES = 54;
const gapBefore = (index: number) => (index > KILL_AFTER && index <= RESTART_AFTER ? 200 : 100);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.setTimeout(500, () => socket.destroy());
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      resolve(data.toString().startsWith("+PONG"));
      socket.destroy();
    });
  });
}

/** A redis-server of this test's own, which it can kill and start again on the same port. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (await answersPing(port)) return child;
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not start on port ${port}`);
}

async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/**
 * Redis dies in the middle of a conversation and comes back: sends keep working (the message is
 * committed first; publishing gives up after a while), and the tab on the other instance ends up
 * with every message once, caught up from PostgreSQL when the bus is back.
 */
describe("chat through a Redis outage", () => {
  let port: number;
  let redis: ChildProcess;
  let deployment: Awaited<ReturnType<typeof twoInstances>>;
  let one: TestServer;
  let two: TestServer;
  let a: ChatMember;
  let b: ChatMember;
  let c: ChatMember;
  let stream: EventStream | undefined;
  let late: EventStream | undefined;

  beforeAll(async () => {
    realStores();
    port = await freePort();
    redis = await startRedis(port);
    deployment = await twoInstances({ redisUrl: `redis://127.0.0.1:${port}`, env: { METRICS_PORT: "0" } });
    [one, two] = deployment.instances;
    a = await chatMember(one, { premiumCredits: 1_000 });
    b = await chatMember(two);
    c = await chatMember(two);
  });

  afterAll(async () => {
    stream?.close();
    late?.close();
    await deployment?.stop();
    if (redis) await killRedis(redis);
  });

  it("keeps sending while Redis is down, and the other instance's tab gets every message exactly once", async () => {
    stream = openStream(two, b);
    await stream.opened();

    const replies: { index: number; reply: SendReply; during: boolean }[] = [];
    let readyDuringOutage: Promise<PlainResponse> | undefined;
    const sends: Promise<void>[] = [];
    let down = false;
    let due = Date.now();
    for (let index = 0; index < MESSAGES; index += 1) {
      due += gapBefore(index);
      await sleep(Math.max(0, due - Date.now()));
      if (index === KILL_AFTER) {
        await killRedis(redis);
        down = true;
      }
      // A tab opened while Redis is down cannot subscribe: it is turned away and tries again.
      if (index === KILL_AFTER + 2) late = openStream(two, c, { retryMs: 500 });
      // The proxy keeps sending requests meanwhile (docs/decisions/053): asked now, read after the sends.
      if (index === KILL_AFTER + 2) readyDuringOutage = requestAs(one.port, `127.0.0.1:${one.port}`, "/readyz");
      if (index === RESTART_AFTER) {
        redis = await startRedis(port);
        down = false;
      }
      const during = down;
      sends.push(sendChat(one, a, b, `bericht ${index}`).then((reply) => void replies.push({ index, reply, during })));
    }
    await Promise.all(sends);

    // Every send was answered, those in the outage too: after the publish timeout, not much later.
    const outage = replies.filter((each) => each.during);
    expect(outage.length).toBe(RESTART_AFTER - KILL_AFTER);
    for (const { index, reply } of replies) expect(reply.status, `send ${index}: ${JSON.stringify(reply.json)}`).toBe(200);
    for (const { reply } of outage) expect(reply.ms).toBeLessThan(5_000);
    const ready = await readyDuringOutage!;
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "ready", store: "ok", bus: expect.stringMatching(/^down: /) });

    // PostgreSQL holds each of them once.
    const ids = replies.map(({ reply }) => reply.json.message!.id);
    const stored = await one.store.db.selectFrom("messages").select(["id", "client_id"]).where("sender_id", "=", a.profileId).execute();
    expect(stored.length).toBe(MESSAGES);
    expect(new Set(stored.map((row) => row.client_id))).toEqual(new Set(replies.map(({ reply }) => reply.clientId)));
    expect(new Set(stored.map((row) => row.id))).toEqual(new Set(ids));

    // The tab has them all, each once: whatever the bus lost came from the store when it returned.
    await stream.until((events) => ids.every((id) => events.some((event) => event.event === "message" && event.lastEventId === String(id))), {
      timeoutMs: 20_000,
      what: `all ${MESSAGES} messages`,
    });
    await sleep(500);
    const counts = arrivals(stream);
    expect([...counts.keys()].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    // The stream said it had been cut off from the bus, so the screen fetches its counts again.
    expect(stream.events.some((event) => event.event === "resync")).toBe(true);

    // The operator sees the outage: the bus counted getting its subscriptions back.
    const reconnects = async () => {
      const metrics = await (await fetch(`http://127.0.0.1:${two.metricsPort}/metrics`)).text();
      return Number(/^amora_bus_reconnects_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
    };
    expect(await waitUntil(reconnects, (count) => count >= 1)).toBeGreaterThanOrEqual(1);

    // The tab that was turned away during the outage hears what is sent to it now, live and once.
    expect(late!.statuses).toContain(503);
    await late!.opened();
    const toLate = [];
    for (const body of ["een", "twee", "drie"]) toLate.push(await sendChat(one, a, c, body));
    const lateIds = toLate.map((reply) => reply.json.message!.id);
    await late!.until((events) => lateIds.every((id) => events.some((event) => event.lastEventId === String(id))), {
      timeoutMs: 5_000,
      what: "the messages to the late tab",
    });
    await sleep(200);
    expect([...arrivals(late!).entries()]).toEqual(lateIds.map((id) => [id, 1]));
  });
});
