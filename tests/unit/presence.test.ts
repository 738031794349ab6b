import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../server/db/schema";
import { backoffMs, FIRST_BACKOFF_MS } from "../../server/jobs/runner";
import { createLogger } from "../../server/log";
import { ONLINE_MS, presenceOf, RECENTLY_MS } from "../../server/presence/presence";
import { createPresenceTracker, SEEN_EVERY_MS } from "../../server/presence/tracker";

const NOW = new Date("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("presenceOf", () => {
  it("says online within ONLINE_MS of the last sign of life", () => {
    expect(presenceOf(NOW, false, NOW)).toBe("online");
    expect(presenceOf(ago(ONLINE_MS - 1_000), false, NOW)).toBe("online");
  });

  it("says recently online after that, up to RECENTLY_MS", () => {
    expect(presenceOf(ago(ONLINE_MS), false, NOW)).toBe("recent");
    expect(presenceOf(ago(RECENTLY_MS - 1_000), false, NOW)).toBe("recent");
  });

  it("says nothing later, for never seen, and for invisible members at any time", () => {
    expect(presenceOf(ago(RECENTLY_MS), false, NOW)).toBeNull();
    expect(presenceOf(null, false, NOW)).toBeNull();
    expect(presenceOf(NOW, true, NOW)).toBeNull();
    expect(presenceOf(ago(ONLINE_MS + 1_000), true, NOW)).toBeNull();
  });
});

describe("presence tracker", () => {
  // seen() never touches the database: only flush() does, which these tests do not call.
  const tracker = () => createPresenceTracker({ db: {} as Kysely<Database>, log: createLogger("silent") });

  it("notes a member whose loaded last_seen_at is a minute old, and not one seen just now", () => {
    const presence = tracker();
    presence.seen({ profileId: 1, lastSeenAt: ago(SEEN_EVERY_MS - 1_000), hiddenAt: null }, NOW);
    expect(presence.pendingSince(1)).toBeUndefined();
    presence.seen({ profileId: 2, lastSeenAt: ago(SEEN_EVERY_MS), hiddenAt: null }, NOW);
    expect(presence.pendingSince(2)).toEqual(NOW);
    presence.seen({ profileId: 3, lastSeenAt: null, hiddenAt: null }, NOW);
    expect(presence.pendingSince(3)).toEqual(NOW);
  });

  it("notes a member who came back after their tab went away, however recently they were seen", () => {
    const presence = tracker();
    presence.seen({ profileId: 1, lastSeenAt: ago(20_000), hiddenAt: ago(10_000) }, NOW);
    expect(presence.pendingSince(1)).toEqual(NOW);
    presence.seen({ profileId: 2, lastSeenAt: ago(10_000), hiddenAt: ago(20_000) }, NOW);
    expect(presence.pendingSince(2)).toBeUndefined();
  });

  it("counts a member's open streams until the last one ends", () => {
    const presence = tracker();
    const first = presence.streamOpened(5);
    const second = presence.streamOpened(5);
    first();
    first();
    expect(presence.hasStream(5)).toBe(true);
    second();
    expect(presence.hasStream(5)).toBe(false);
  });
});

describe("job retry delays", () => {
  it("double with each failed attempt, up to six hours", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1, 2, 4, 8].map((factor) => factor * FIRST_BACKOFF_MS));
    expect(backoffMs(30)).toBe(6 * 3_600_000);
  });
});
