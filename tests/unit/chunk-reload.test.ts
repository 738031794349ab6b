import { describe, expect, it, vi } from "vitest";
import { RELOAD_GUARD_MS, reloadAfterChunkFailure } from "../../app/lib/chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("the reload after a chunk-load failure (§8, §9)", () => {
  it("reloads once, not again within 60 seconds, and again after them", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const start = 1_700_000_000_000;
    expect(reloadAfterChunkFailure({ storage, now: start, reload })).toBe(true);
    expect(reloadAfterChunkFailure({ storage, now: start + RELOAD_GUARD_MS - 1, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkFailure({ storage, now: start + RELOAD_GUARD_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads where the browser keeps no storage, as nothing could stop a loop", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const reload = vi.fn();
    expect(reloadAfterChunkFailure({ storage: refusing, reload })).toBe(false);
    expect(reloadAfterChunkFailure({ storage: undefined, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
