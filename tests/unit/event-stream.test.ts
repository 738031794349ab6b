import { describe, expect, it } from "vitest";
import { EventStreamParser } from "../support/event-stream";

function parse(chunks: string[]) {
  const events: { event: string; data: string; lastEventId: string }[] = [];
  const retries: number[] = [];
  const parser = new EventStreamParser(
    (event) => events.push(event),
    (ms) => retries.push(ms)
  );
  for (const chunk of chunks) parser.feed(chunk);
  return { events, retries, lastEventId: parser.lastEventId };
}

describe("the test event-stream parser", () => {
  it("reads frames split anywhere, with any line ending", () => {
    const { events, retries, lastEventId } = parse([
      "retry: 3000\n\nid: 7\nevent: mess",
      'age\ndata: {"a":1}\r',
      "\n\r\n: keep-alive\n\nevent: typing\rdata: x\rdata: y\r\r",
    ]);
    expect(retries).toEqual([3000]);
    expect(events).toEqual([
      { event: "message", data: '{"a":1}', lastEventId: "7" },
      { event: "typing", data: "x\ny", lastEventId: "7" },
    ]);
    expect(lastEventId).toBe("7");
  });

  it("dispatches nothing without data and keeps an id that came without one", () => {
    const { events, lastEventId } = parse(["id: 9\n\n", "event: counts\n\n", "data\n\n"]);
    expect(events).toEqual([{ event: "message", data: "", lastEventId: "9" }]);
    expect(lastEventId).toBe("9");
  });
});
