import { describe, expect, it } from "vitest";
import { renderStream } from "../../app/lib/render-stream.server";

const text = (chunk: Uint8Array | undefined) => Buffer.from(chunk ?? []).toString("utf8");

describe("the stream a page renders into", () => {
  it("hands on the pieces of one flush as one chunk, and a later flush as the next", async () => {
    let ended = false;
    const { destination, body } = renderStream(() => (ended = true));
    const reader = body.getReader();
    // React writes a flush in 2 KiB pieces, one after another, in one go.
    for (const piece of ["<html>", "<body>", "shell"]) destination.write(Buffer.from(piece));
    expect(text((await reader.read()).value)).toBe("<html><body>shell");

    await new Promise((resolve) => setImmediate(resolve));
    destination.write(Buffer.from("<script>data"));
    destination.end(Buffer.from("</script>"));
    expect(text((await reader.read()).value)).toBe("<script>data</script>");
    expect((await reader.read()).done).toBe(true);
    expect(ended).toBe(true);
  });

  it("lets the renderer stop when the visitor goes away", async () => {
    const { destination, body } = renderStream(() => {});
    const closed = new Promise((resolve) => destination.once("close", resolve));
    destination.write(Buffer.from("shell"));
    await body.cancel();
    await closed;
    expect(destination.destroyed).toBe(true);
  });
});
