import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { PHONE } from "./browser";

/**
 * axe-core finds no violations on the page as it is now. Legacy mode runs axe in the page itself:
 * the default opens a blank page per check to merge frame results, which tripled the cost of a
 * check (2.2 s against 0.7 s) for pages that have no frames.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Nothing scrolls sideways on a 360 px phone. */
export async function expectFitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
