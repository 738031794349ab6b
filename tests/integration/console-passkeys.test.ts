import type { Browser, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchChromium } from "../support/browser";
import { createStaff, openConsole } from "../support/staff";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 17's passkey ceremony in Chromium, with a virtual authenticator of the DevTools WebAuthn
 * domain standing in for a phone or a security key: a passkey added on /account, then used as the
 * second factor after the password. http://support.localhost is a secure context (a localhost name).
 */
describe("staff passkeys in a browser", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A virtual platform authenticator on the page's tab that says yes at once, with user verification. */
  async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    return { cdp, authenticatorId };
  }

  async function signInWithPassword(page: Page, staff: { email: string; password: string }) {
    await page.goto(`${server.consoleOrigin}/login`);
    await hydrated(page);
    await page.getByLabel("E-mail address").fill(staff.email);
    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Second factor" }).waitFor();
    await hydrated(page);
  }

  it("adds a passkey on the account page, signs out, and signs in with the password and the passkey", async () => {
    const staff = await createStaff(server, { role: "support" });
    const page = await openConsole({ server, browser }, { pathname: "/account", staffId: staff.id });
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.getByRole("heading", { level: 1, name: "My account" }).waitFor();
    await hydrated(page);
    // The notice comes with the action's answer; the list with the page's data drawn again after it.
    await expect.poll(() => page.getByText("No passkeys yet.").count()).toBe(1);

    await page.getByLabel("Name of the new passkey").fill("Virtual key");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect.poll(() => page.getByText("Passkey added.").count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole("cell", { name: "Virtual key", exact: true }).count(), { timeout: 15_000 }).toBe(1);

    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    const stored = await server.store.db.selectFrom("staff_passkeys").selectAll().where("staff_id", "=", staff.id).execute();
    expect(stored.map((row) => ({ id: row.id, name: row.name }))).toEqual([{ id: credentials[0]!.credentialId.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"), name: "Virtual key" }]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { level: 1, name: "Amora support" }).waitFor();

    await signInWithPassword(page, staff);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByRole("navigation", { name: "Console" }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/");

    const used = await server.store.db.selectFrom("staff_passkeys").select(["counter", "last_used_at"]).where("staff_id", "=", staff.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    const trail = await server.store.db.selectFrom("staff_audit").select(["action", "detail"]).where("staff_id", "=", staff.id).orderBy("id").execute();
    expect(trail).toEqual([
      { action: "staff.passkey.add", detail: { name: "Virtual key" } },
      { action: "staff.sign-in", detail: { factor: "passkey", passkey: "Virtual key" } },
    ]);
    await page.context().close();
  });

  it("offers no passkey to an account without one, and none once it is removed", async () => {
    const owner = await createStaff(server, { role: "admin" });
    const other = await createStaff(server, { role: "moderator" });
    const page = await openConsole({ server, browser }, { pathname: "/account", staffId: owner.id });
    await virtualAuthenticator(page);
    await hydrated(page);
    await page.getByLabel("Name of the new passkey").fill("Owner key");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect.poll(() => page.getByRole("cell", { name: "Owner key", exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { level: 1, name: "Amora support" }).waitFor();

    // The other account has no passkey: no button, and the options request is refused.
    await signInWithPassword(page, other);
    expect(await page.getByRole("button", { name: "Use a passkey" }).count()).toBe(0);
    const refused = await page.evaluate(async () => {
      const answer = await fetch("/login/passkey", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ step: "options" }) });
      return answer.status;
    });
    expect(refused).toBe(400);
    await page.getByRole("button", { name: "Cancel and sign out" }).click();
    await page.getByRole("heading", { level: 1, name: "Amora support" }).waitFor();

    // The owner removes it: the second step offers the code only.
    await signInWithPassword(page, owner);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByRole("navigation", { name: "Console" }).waitFor({ timeout: 15_000 });
    await page.goto(`${server.consoleOrigin}/account`);
    await page.getByRole("button", { name: "Remove passkey Owner key" }).click();
    await expect.poll(() => page.getByText("Passkey removed.").count()).toBe(1);
    // The notice comes with the action's answer; the list with the page's data drawn again after it.
    await expect.poll(() => page.getByText("No passkeys yet.").count()).toBe(1);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { level: 1, name: "Amora support" }).waitFor();
    await signInWithPassword(page, owner);
    expect(await page.getByRole("button", { name: "Use a passkey" }).count()).toBe(0);
    await page.context().close();
  });
});
