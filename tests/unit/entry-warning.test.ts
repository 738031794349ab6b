import { describe, expect, it } from "vitest";
import { showEntryWarning } from "../../app/lib/entry-warning";

describe("entry warning (§2)", () => {
  it.each(["NL", "DE"])("shows for visitors from %s in every layout", (country) => {
    for (const layout of ["default", "chat", "empty", "lander"] as const) expect(showEntryWarning(layout, "index", country)).toBe(true);
  });

  it("never shows for visitors from elsewhere", () => {
    for (const layout of ["default", "chat", "empty", "lander"] as const) expect(showEntryWarning(layout, "index", "BE")).toBe(false);
  });

  it.each(["complete-signup", "reset-password", "reset-password-do"])("leaves %s out in the default layout", (routeId) => {
    expect(showEntryWarning("default", routeId, "NL")).toBe(false);
  });
});
