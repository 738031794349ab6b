import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "../../app/lib/api";
import { RETRIES, retryDelay, retrying } from "../../app/lib/retry";

const answer = (status: number) => new Response("{}", { status, headers: { "Content-Type": "application/json" } });
const noWait = async () => {};

afterEach(() => vi.unstubAllGlobals());

describe("retries of the app's requests (§7)", () => {
  it("wait twice as long before each of five retries", () => {
    expect(RETRIES).toBe(5);
    expect(Array.from({ length: RETRIES }, (_, attempt) => retryDelay(attempt))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it("try a network failure and a 5xx again, and stop at the first answer below 500", async () => {
    const request = vi.fn().mockRejectedValueOnce(new TypeError("network")).mockResolvedValueOnce(answer(502)).mockResolvedValueOnce(answer(404));
    const waits: number[] = [];
    expect((await retrying(request, { wait: async (ms) => void waits.push(ms) })).status).toBe(404);
    expect(request).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([500, 1000]);
  });

  it("answer the last 5xx, or throw the last failure, after five retries", async () => {
    const down = vi.fn().mockResolvedValue(answer(503));
    expect((await retrying(down, { wait: noWait })).status).toBe(503);
    expect(down).toHaveBeenCalledTimes(RETRIES + 1);
    const unreachable = vi.fn().mockRejectedValue(new TypeError("network"));
    await expect(retrying(unreachable, { wait: noWait })).rejects.toThrow("network");
    expect(unreachable).toHaveBeenCalledTimes(RETRIES + 1);
  });

  it("never repeat a request its caller aborted", async () => {
    const aborted = vi.fn().mockRejectedValue(new DOMException("stopped", "AbortError"));
    await expect(retrying(aborted, { wait: noWait })).rejects.toThrow("stopped");
    expect(aborted).toHaveBeenCalledTimes(1);
  });

  it("are made for the API's GET calls, and never for the calls that change something", async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn().mockResolvedValueOnce(answer(503)).mockResolvedValue(answer(200));
      vi.stubGlobal("fetch", fetch);
      const got = apiFetch("/api/likes.php");
      await vi.runAllTimersAsync();
      expect((await got).status).toBe(200);
      expect(fetch).toHaveBeenCalledTimes(2);

      fetch.mockReset().mockResolvedValue(answer(503));
      expect((await apiFetch("/api/typing.php", { method: "POST", body: "{}" })).status).toBe(503);
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
