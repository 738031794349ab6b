import { describe, expect, it } from "vitest";
import { setsSpecialData, termsVersion } from "../../server/privacy/consent";
import type { Site } from "../../server/sites/schema";

describe("consent for special-category data", () => {
  const stored = { sexuality: "hetero" as const, interests: ["beach"] };

  it("is needed for a sexuality or an interest the profile does not hold yet", () => {
    expect(setsSpecialData({ sexuality: null, interests: [] }, { sexuality: "bi", interests: [] })).toBe(true);
    expect(setsSpecialData(stored, { sexuality: "gay" })).toBe(true);
    expect(setsSpecialData(stored, { interests: ["beach", "wine"] })).toBe(true);
  });

  it("is not needed to keep or remove what is stored, nor for a form without those fields", () => {
    expect(setsSpecialData(stored, { sexuality: "hetero", interests: ["beach"] })).toBe(false);
    expect(setsSpecialData(stored, { sexuality: null, interests: [] })).toBe(false);
    expect(setsSpecialData(stored, {})).toBe(false);
  });

  it("names the terms' version as the terms page dates them: December 2023, or the company's later added date", () => {
    const site = (added?: string) => ({ company: { added } }) as unknown as Site;
    expect(termsVersion(site())).toBe("2023-12-01");
    expect(termsVersion(site("2022-05-01"))).toBe("2023-12-01");
    expect(termsVersion(site("2025-03-15"))).toBe("2025-03-15");
  });
});
