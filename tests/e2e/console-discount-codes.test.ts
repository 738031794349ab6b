import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, PHONE } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible } from "../support/page-checks";
import { CONSOLE_WIDTHS, createStaff, openConsole } from "../support/staff";

const suite = browserSuite();
const SITE = "flirt-nl";

/** Nothing scrolls sideways at this width. */
async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The last day a code works, `days` from today (UTC), as a date field takes it. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("discount codes in the support console", () => {
  it("lets support open a brand's codes from the brand list, create one, see it listed and switch it off", async () => {
    const support = await createStaff(suite.server, { role: "support" });
    const code = `SPRING${Date.now().toString(36).toUpperCase()}`;

    const page = await openConsole(suite, { pathname: "/brands", staffId: support.id });
    await hydrated(page);
    await page.getByRole("link", { name: "discount codes of FlirtNL" }).click();
    await page.getByRole("heading", { level: 1, name: "Discount codes · FlirtNL" }).waitFor();
    await expectAccessible(page);

    // A refusal first: the message beside its field, the form kept as typed.
    await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await page.getByLabel("Discount (%)").fill("150");
    await page.getByLabel("Last day").fill(dayAhead(30));
    await page.getByRole("button", { name: "Create the code" }).click();
    await page.getByText("Give a percentage above 0 and below 100, with at most 2 decimals, such as 15 or 12.5.").waitFor();
    expect(await page.getByLabel("Code", { exact: true }).inputValue()).toBe(code.toLowerCase());
    await expectAccessible(page);

    await page.getByLabel("Discount (%)").fill("12.5");
    await page.getByLabel("Minimum order value (optional)").fill("19.95");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Country").selectOption("NL");
    await page.getByLabel("Unlimited").check();
    await page.getByLabel("ideal").check();
    await page.getByRole("button", { name: "Create the code" }).click();
    await page.getByText(`${code} is created and works from now on.`).waitFor();
    // The form is empty for the next code.
    await expect.poll(() => page.getByLabel("Code", { exact: true }).inputValue()).toBe("");

    const row = page.getByRole("row", { name: new RegExp(code) });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/12\.5%.*from 19\.95 EUR.*NL.*ideal.*unlimited.*0 paid.*active/);
    await expectAccessible(page);

    await row.getByRole("button", { name: `Switch off ${code}` }).click();
    await page.getByText(`${code} is switched off: members who type it are told it does not exist.`).waitFor();
    await expect.poll(() => row.getByText("off", { exact: true }).count()).toBe(1);
    expect(await row.getByRole("button", { name: `Switch on ${code}` }).count()).toBe(1);

    const stored = await suite.server.store.db.selectFrom("discount_codes").select(["percentage", "status"]).where("site_id", "=", SITE).where("code", "=", code).executeTakeFirstOrThrow();
    expect(stored).toEqual({ percentage: "12.50", status: "disabled" });
    await page.context().close();
  });

  it("fits and passes axe at a phone's, a tablet's and a desktop's width", async () => {
    const support = await createStaff(suite.server, { role: "support" });
    for (const viewport of [PHONE, ...CONSOLE_WIDTHS]) {
      const page = await openConsole(suite, { pathname: `/brands/${SITE}/discount-codes`, staffId: support.id, viewport });
      await page.getByRole("heading", { level: 1, name: "Discount codes · FlirtNL" }).waitFor();
      await expectAccessible(page);
      await expectFitsWidth(page, viewport.width);
      await page.context().close();
    }
  });
});
