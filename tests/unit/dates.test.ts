import { describe, expect, it } from "vitest";
import { formatDate, termsVersionDate, todayIn } from "../../server/i18n/dates";

describe("dates", () => {
  const date = new Date("2024-03-01T23:30:00Z");

  it("formats in the visitor's language and time zone", () => {
    expect(formatDate(date, "nl", "Europe/Amsterdam")).toBe("2 maart 2024");
    expect(formatDate(date, "de", "Europe/Berlin")).toBe("2. März 2024");
    expect(formatDate(date, "en-US", "America/New_York")).toBe("March 1st, 2024");
  });

  it("formats in Dutch when the language is unknown", () => {
    expect(formatDate(date, "xx", "UTC")).toBe("1 maart 2024");
  });

  it("dates the terms December 2023 unless the company was added later", () => {
    expect(termsVersionDate(undefined).toISOString()).toBe("2023-12-01T00:00:00.000Z");
    expect(termsVersionDate("2023-01-05").toISOString()).toBe("2023-12-01T00:00:00.000Z");
    expect(termsVersionDate("2024-03-01").toISOString()).toBe("2024-03-01T00:00:00.000Z");
  });

  it("tells today's date where the member is, across midnight and the date line", () => {
    expect(todayIn("Europe/Amsterdam", date)).toBe("2024-03-02");
    expect(todayIn("America/New_York", date)).toBe("2024-03-01");
    expect(todayIn("UTC", new Date("2024-12-31T23:59:59Z"))).toBe("2024-12-31");
    expect(todayIn("Pacific/Kiritimati", new Date("2024-12-31T10:00:00Z"))).toBe("2025-01-01");
    // Twice in one zone: the kept formatter gives the same answers.
    expect(todayIn("Europe/Amsterdam", new Date("2024-10-27T00:30:00Z"))).toBe("2024-10-27");
  });

  it("turns the day at midnight to the minute, though it keeps the day it last gave", () => {
    expect(todayIn("Asia/Kathmandu", new Date("2024-03-01T18:14:59Z"))).toBe("2024-03-01");
    expect(todayIn("Asia/Kathmandu", new Date("2024-03-01T18:14:00Z"))).toBe("2024-03-01");
    // UTC+05:45: midnight in Kathmandu.
    expect(todayIn("Asia/Kathmandu", new Date("2024-03-01T18:15:00Z"))).toBe("2024-03-02");
    expect(todayIn("Asia/Kathmandu", new Date("2024-03-01T18:14:30Z"))).toBe("2024-03-01");
  });
});
