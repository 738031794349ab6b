import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible } from "../support/page-checks";
import { CONSOLE_WIDTHS, createStaff, openConsole } from "../support/staff";
import { requestAs } from "../support/test-server";

const suite = browserSuite();

/** Nothing scrolls sideways at this width. */
async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The row of one setting (its path exactly) in the settings tables. */
const settingRow = (page: Page, path: string) => page.locator("tr", { has: page.locator("th code", { hasText: new RegExp(`^${path.replace(/[.[\]]/g, "\\$&")}$`) }) });
/** The compact JSON a page shows for a setting. */
const shownValue = async (page: Page, path: string, column = 0) => JSON.parse((await settingRow(page, path).locator("td").nth(column).locator("code").textContent()) ?? "null") as unknown;

describe("brands and domains in the support console", () => {
  it("lists the brands, and checks a domain showing the values the brand's own settings call serves", async () => {
    const support = await createStaff(suite.server, { role: "support" });
    const port = suite.server.port;
    const served = JSON.parse((await requestAs(port, `flirt-nl.localhost:${port}`, "/api/settings.php", { "cf-ipcountry": "NL" })).body) as Record<string, unknown>;

    for (const viewport of CONSOLE_WIDTHS) {
      const list = await openConsole(suite, { pathname: "/brands", staffId: support.id, viewport });
      await hydrated(list);
      await list.getByRole("heading", { level: 1, name: "Brands" }).waitFor();
      for (const name of ["FlirtNL", "Reife Liebe", "CurvyCrush", "HimMatch"]) expect(await list.getByRole("cell", { name: new RegExp(`^${name}`) }).count()).toBe(1);
      await expectAccessible(list);
      await expectFitsWidth(list, viewport.width);

      // Typed as a visitor's browser might send it: upper case and a port.
      await list.getByRole("link", { name: "Check a domain" }).click();
      await list.getByLabel("Domain").fill(`FLIRT-NL.localhost:${port}`);
      await list.getByRole("button", { name: "Check" }).click();
      await list.getByRole("heading", { level: 2, name: "flirt-nl.localhost is FlirtNL" }).waitFor();
      expect(await shownValue(list, "name")).toBe(served.name);
      expect(await shownValue(list, "message_credits")).toBe(served.message_credits);
      expect(await shownValue(list, "signup_credits")).toBe(served.signup_credits);
      expect(await shownValue(list, "countries")).toEqual(served.countries);
      expect(await shownValue(list, "currencies.NL")).toBe(served.currency);
      const costs = served.minimum_message_costs as Record<string, { costs: number; currency: string }>;
      expect(await shownValue(list, "minimum_message_costs.NL.costs")).toBe(costs.NL!.costs);
      expect(await shownValue(list, "minimum_message_costs.BE.currency")).toBe(costs.BE!.currency);
      expect(await shownValue(list, "company.name")).toBe((served.company as { name: string }).name);
      // FlirtNL's file writes its name but leaves the message price to the defaults.
      expect(await settingRow(list, "name").getByText("default", { exact: true }).count()).toBe(0);
      expect(await settingRow(list, "message_credits").getByText("default", { exact: true }).count()).toBe(1);
      await expectAccessible(list);
      await expectFitsWidth(list, viewport.width);

      await list.getByLabel("Domain").fill("nobody.example");
      await list.getByRole("button", { name: "Check" }).click();
      await list.getByText("No brand answers nobody.example.").waitFor();
      await expectAccessible(list);
      await list.context().close();
    }
  });

  it("compares two brands side by side, marking the settings that differ", async () => {
    const support = await createStaff(suite.server, { role: "support" });
    for (const viewport of CONSOLE_WIDTHS) {
      const page = await openConsole(suite, { pathname: "/brands/compare", staffId: support.id, viewport });
      await hydrated(page);
      await page.getByLabel("First brand").selectOption("flirt-nl");
      await page.getByLabel("Second brand").selectOption("milf-de");
      await page.getByRole("button", { name: "Compare" }).click();
      await page.getByRole("heading", { level: 2, name: "FlirtNL (flirt-nl) and Reife Liebe (milf-de)" }).waitFor();
      expect(await shownValue(page, "name", 0)).toBe("FlirtNL");
      expect(await shownValue(page, "name", 1)).toBe("Reife Liebe");
      expect(await settingRow(page, "name").getByText("differs").count()).toBe(1);
      expect(await settingRow(page, "message_credits").getByText("differs").count()).toBe(0);

      await page.getByLabel("Only differences").check();
      await page.getByRole("button", { name: "Compare" }).click();
      await expect.poll(() => settingRow(page, "message_credits").count()).toBe(0);
      expect(await settingRow(page, "name").count()).toBe(1);
      await expectAccessible(page);
      await expectFitsWidth(page, viewport.width);
      await page.context().close();
    }
  });
});
