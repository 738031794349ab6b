import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { visitorIp } from "./test-server";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";

/**
 * Debian's Chromium, never a downloaded one; the flags keep it off the network. Its headless shell
 * (package chromium-headless-shell, the same build) where installed: it needs half the CPU of the
 * full browser for each page (docs/decisions/044-test-run-time.md). `full` for what the shell lacks:
 * it denies notification permission without asking. CHROMIUM_PATH names another binary for all.
 */
export function launchChromium({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (full || !existsSync(HEADLESS_SHELL) ? FULL_BROWSER : HEADLESS_SHELL),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

export const PHONE = { width: 360, height: 740 };
/** A person's phone browser, for what counts only people: the headless browser's own name says it is a robot. */
export const PERSONS_BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
export const DESKTOP = { width: 1280, height: 900 };

/**
 * A visitor who already closed the site-entry warning, so pages show as a returning visitor sees
 * them. Each comes from their own (made-up) address, so rate limits per IP stay theirs.
 */
export async function returningVisitor(
  browser: Browser,
  origin: string,
  options: { viewport?: typeof PHONE; country?: string; javaScriptEnabled?: boolean; geolocation?: { latitude: number; longitude: number }; userAgent?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    // No entry animations: axe judges a toast's colours as they are, not half faded in on a busy machine.
    reducedMotion: "reduce",
    // A position set by the test, and the permission to read it; without one, location is denied.
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ["geolocation"] } : {}),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    userAgent: options.userAgent,
    extraHTTPHeaders: { "x-forwarded-for": visitorIp(), ...(options.country ? { "cf-ipcountry": options.country } : {}) },
  });
  await context.addCookies([{ name: "site_entry_skipped", value: String(Date.now()), url: origin }]);
  return context;
}

/** Waits until React runs the page, so a click is not a plain form post that clears what was typed. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
