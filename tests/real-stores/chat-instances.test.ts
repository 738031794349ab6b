import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arrivals, chatMember, openStream, sendChat, twoInstances, type ChatMember } from "../support/chat-instances";
import type { EventStream } from "../support/event-stream";
import type { TestServer } from "../support/test-server";

/** A message sent through one instance reaches a tab connected to another, over PostgreSQL and Redis. */
describe("chat across two instances", () => {
  let deployment: Awaited<ReturnType<typeof twoInstances>>;
  let one: TestServer;
  let two: TestServer;
  let a: ChatMember;
  let b: ChatMember;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    deployment = await twoInstances();
    [one, two] = deployment.instances;
    a = await chatMember(one, { premiumCredits: 1_000 });
    b = await chatMember(two);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await deployment?.stop();
  });

  it("delivers a message sent on instance 1 to the tab on instance 2, then catches a reconnecting tab up exactly once", async () => {
    const stream = openStream(two, b, { retryMs: 200 });
    streams.push(stream);
    await stream.opened();

    const first = await sendChat(one, a, b, "Hoi vanaf instantie één");
    expect(first.status).toBe(200);
    const firstId = first.json.message!.id;
    await stream.until((events) => events.some((event) => event.event === "message"), { what: "the first message" });
    const [received] = stream.messages();
    expect(received?.message).toMatchObject({ id: firstId, body: "Hoi vanaf instantie één", sender: a.profileId, client_id: first.clientId });
    expect(received?.unread).toBe(1);
    expect(stream.events.find((event) => event.event === "message")?.lastEventId).toBe(String(firstId));

    // The tab goes away; the instance lets go of it before anything else is sent.
    stream.close();
    for (let waited = 0; two.services.live.tabCount > 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(two.services.live.tabCount).toBe(0);

    const missed = [];
    for (const body of ["een", "twee", "drie"]) missed.push(await sendChat(one, a, b, body));
    expect(missed.map((reply) => reply.status)).toEqual([200, 200, 200]);
    const missedIds = missed.map((reply) => reply.json.message!.id);

    // The browser comes back with Last-Event-ID, on whichever instance the balancer picks.
    const again = openStream(one, b, { lastEventId: stream.lastEventId, retryMs: 200 });
    streams.push(again);
    await again.until((events) => missedIds.every((id) => events.some((event) => event.lastEventId === String(id))), { what: "the missed messages" });
    // Anything late or doubled would show within a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...arrivals(again).entries()]).toEqual(missedIds.map((id) => [id, 1]));
    expect(again.messages().map((event) => event.message.body)).toEqual(["een", "twee", "drie"]);

    // And the new tab hears what comes next live, once.
    const live = await sendChat(two, a, b, "vier");
    await again.until((events) => events.some((event) => event.lastEventId === String(live.json.message!.id)), { what: "the live message" });
    expect(arrivals(again).get(live.json.message!.id)).toBe(1);
    expect(again.messages().at(-1)?.unread).toBe(5);
  });
});
