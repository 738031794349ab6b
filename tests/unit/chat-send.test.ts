import { afterEach, describe, expect, it, vi } from "vitest";
import { postMessage, retryDelay, SEND_RETRIES } from "../../app/components/chat/send-message";

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
  it("waits twice as long before each retry (§7)", () => {
    expect(Array.from({ length: SEND_RETRIES }, (_, attempt) => retryDelay(attempt))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

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
    expect(down).toHaveBeenCalledTimes(SEND_RETRIES + 1);
  });
});
