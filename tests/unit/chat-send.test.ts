import { afterEach, describe, expect, it, vi } from "vitest";
import { postMessage } from "../../app/components/chat/send-message";
import { RETRIES } from "../../app/lib/retry";

const stored = {
  id: 7,
  conversation_id: 3,
  client_id: "c-123456789",
  sender: 1,
  kind: "text",
  body: "Hoi",
  image: null,
  gift: null,
  created_at: "2026-01-01T00:00:00.000Z",
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("sending a chat message", () => {
  it("retries network failures and 5xx with the same body, so the same client id", async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("network"))
      .mockResolvedValueOnce(json(503, { error: "down" }))
      .mockResolvedValueOnce(json(200, { message: stored, credits: 10, duplicate: true }));
    vi.stubGlobal("fetch", fetch);
    const waits: number[] = [];
    const reply = await postMessage({ conversation: 3, client_id: "c-123456789", kind: "text", body: "Hoi" }, { wait: async (ms) => void waits.push(ms) });
    expect(reply).toEqual({ ok: true, message: stored, credits: 10 });
    expect(waits).toEqual([500, 1000]);
    expect(fetch).toHaveBeenCalledTimes(3);
    const bodies = fetch.mock.calls.map(([, init]) => (init as RequestInit).body);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] as string)).toMatchObject({ client_id: "c-123456789" });
  });

  it("waits for the connection before trying again when the browser is offline", async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError("offline")).mockResolvedValueOnce(json(200, { message: stored, credits: 10 }));
    vi.stubGlobal("fetch", fetch);
    let online = () => {};
    const back = new Promise<void>((resolve) => (online = resolve));
    const reply = postMessage({ body: "Hoi" }, { wait: async () => {}, online: () => back });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).toHaveBeenCalledTimes(1);
    online();
    expect(await reply).toEqual({ ok: true, message: stored, credits: 10 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("takes a refusal as final and gives up after five retries", async () => {
    const refused = vi.fn().mockResolvedValue(json(402, { error: "insufficient_credits", message: "Je hebt onvoldoende credits", credits: 5 }));
    vi.stubGlobal("fetch", refused);
    expect(await postMessage({ body: "Hoi" }, { wait: async () => {} })).toEqual({
      ok: false,
      reason: "insufficient_credits",
      message: "Je hebt onvoldoende credits",
      credits: 5,
    });
    expect(refused).toHaveBeenCalledTimes(1);

    const down = vi.fn().mockRejectedValue(new TypeError("network"));
    vi.stubGlobal("fetch", down);
    expect(await postMessage({ body: "Hoi" }, { wait: async () => {} })).toEqual({ ok: false, reason: "failed" });
    expect(down).toHaveBeenCalledTimes(RETRIES + 1);
  });
});
