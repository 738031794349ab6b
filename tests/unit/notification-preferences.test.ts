import { describe, expect, it } from "vitest";
import { defaultPreference, MARKETING_OPT_IN_COUNTRIES, NOTIFICATION_KINDS } from "../../server/notifications/preferences";
import { readPreferencesForm } from "../../server/notifications/preferences-form";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("notification preference defaults", () => {
  it("turn promotions and news off where marketing needs an opt-in, and everything else on everywhere", () => {
    for (const country of ["NL", "DE", "GB", "CH", "NO", "CA", "nl"]) {
      expect(defaultPreference(country, "promotions"), country).toBe(false);
      expect(defaultPreference(country, "news"), country).toBe(false);
      expect(defaultPreference(country, "weekly_updates"), country).toBe(true);
      expect(defaultPreference(country, "new_messages"), country).toBe(true);
    }
    for (const country of ["US", "MX", "BR"]) {
      for (const kind of NOTIFICATION_KINDS) expect(defaultPreference(country, kind), `${country} ${kind}`).toBe(true);
    }
  });

  it("list every EU and EEA country", () => {
    const euEea = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO".split(" ");
    for (const country of euEea) expect(MARKETING_OPT_IN_COUNTRIES.has(country), country).toBe(true);
  });
});

describe("the preferences form", () => {
  it("reads a checked box as on and a missing one as off", () => {
    const read = readPreferencesForm(form([["like.email", "on"], ["news.push", "on"]]));
    expect(read?.like).toEqual({ email: true, push: false });
    expect(read?.news).toEqual({ email: false, push: true });
    expect(read?.new_messages).toEqual({ email: false, push: false });
  });

  it("refuses what the page never sends: another value, a field twice", () => {
    expect(readPreferencesForm(form([["like.email", "yes"]]))).toBeUndefined();
    expect(readPreferencesForm(form([["like.email", "on"], ["like.email", "on"]]))).toBeUndefined();
  });
});
