import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Secret, TOTP } from "otpauth";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchChromium } from "../support/browser";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { freePort } from "../support/free-port";
import { expectAccessible } from "../support/page-checks";
import { startTestServer, type TestServer } from "../support/test-server";

const run = promisify(execFile);
const PASSWORD = "correct horse battery staple";

/** The code an authenticator app shows for the secret at a moment (now, or a step later). */
const codeOf = (secret: string, timestamp = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

/**
 * Issue 17's "done when": a staff account is created with the command, sets a password and a TOTP
 * factor (codes computed here) and signs in, on pages that pass axe.
 */
describe("a new staff member, from the command's link to the console", () => {
  let server: TestServer;
  let browser: Browser;
  let link: string;
  let drop: () => Promise<void>;
  let recoveryCodes: string[] = [];
  const email = "new.moderator@staff.example";

  beforeAll(async () => {
    // The command runs on the server's store before the server opens it (PGlite takes one process).
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const dataDir = await freshDataDir("console-sign-in", database.url);
    const port = await freePort();
    const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), SUPPORT_ORIGIN: "", ...(database.url ? { DATABASE_URL: database.url } : {}) };
    const { stdout } = await run(process.execPath, ["build/staff.js", "add", email, "--role", "moderator"], { env });
    link = /(http:\/\/\S+\/setup\/\S+)/.exec(stdout)?.[1] ?? "";
    expect(link, stdout).toMatch(new RegExp(`^http://support\\.localhost:${port}/setup/[\\w-]{43}$`));
    server = await startTestServer({ dataDir, databaseUrl: database.url, env: { PORT: String(port) } });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await drop?.();
  });

  it("sets a password and an authenticator, keeps the recovery codes, signs out and signs in with password and code", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Set up your account" }).waitFor();
    await hydrated(page);
    await expectAccessible(page);
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Bad input first: each message beside its field, nothing spent.
    await page.getByLabel("Choose a password").fill("too short");
    await page.getByLabel("The same password again").fill("something else");
    await page.getByLabel("The 6-digit code your app shows").fill("12");
    await page.getByRole("button", { name: "Finish set-up" }).click();
    await expect.poll(() => page.getByText("Choose a password of at least 12 characters.").count()).toBe(1);
    expect(await page.getByLabel("Choose a password").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);

    await page.getByLabel("Choose a password").fill(PASSWORD);
    await page.getByLabel("The same password again").fill(PASSWORD);
    const setupCode = codeOf(secret);
    await page.getByLabel("The 6-digit code your app shows").fill(setupCode);
    await page.getByRole("button", { name: "Finish set-up" }).click();
    await page.getByRole("heading", { level: 1, name: "Your account is ready" }).waitFor();
    const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    recoveryCodes = codes;
    await expectAccessible(page);

    // Signed in already: the console opens.
    await page.getByRole("link", { name: /continue to the console/ }).click();
    await page.getByRole("navigation", { name: "Console" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    // The link is spent.
    const again = await context.newPage();
    const spent = await again.goto(link);
    expect(spent?.status()).toBe(410);
    await again.getByRole("heading", { level: 1, name: "This link cannot be used" }).waitFor();
    await again.close();

    await page.goto(`${server.consoleOrigin}/account`);
    await page.getByRole("heading", { level: 1, name: "My account" }).waitFor();
    await hydrated(page);
    await expect.poll(() => page.getByText("staff.setup").count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { level: 1, name: "Amora support" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await hydrated(page);
    await expectAccessible(page);

    await page.getByLabel("E-mail address").fill(` ${email.toUpperCase()} `);
    await page.getByLabel("Password").fill("not the password at all");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").getByText("The e-mail address or password is not right.").count()).toBe(1);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Second factor" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login/verify");
    await hydrated(page);
    await expectAccessible(page);
    // No passkey on this account: only the code.
    expect(await page.getByRole("button", { name: "Use a passkey" }).count()).toBe(0);

    // The set-up's code is spent; the app's next code is taken.
    await page.getByLabel("Code").fill(setupCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByText("This code was already used. Wait for the next one in your app.").count()).toBe(1);
    expect(await page.getByLabel("Code").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);

    await page.getByLabel("Code").fill(codeOf(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("navigation", { name: "Console" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("signs in with a recovery code, onto a safe next page and never another site", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.consoleOrigin}/account`);
    await page.getByRole("heading", { level: 1, name: "Amora support" }).waitFor();
    expect(new URL(page.url()).search).toBe("?next=%2Faccount");
    await hydrated(page);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Second factor" }).waitFor();
    expect(new URL(page.url()).search).toBe("?next=%2Faccount");
    // The app's codes of these seconds are spent (the first test): a recovery code, as typed from paper.
    await hydrated(page);
    await page.getByLabel("Code").fill(recoveryCodes[0]!.toUpperCase().replace(/-/g, " "));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { level: 1, name: "My account" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/account");
    await expect.poll(() => page.getByText("9 unused codes left.").count()).toBe(1);

    // New codes, shown once, in place of all the old ones.
    await hydrated(page);
    await page.getByRole("button", { name: "Make new recovery codes" }).click();
    const fresh = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect.poll(() => fresh.count()).toBe(10);
    expect(await fresh.allTextContents()).not.toContain(recoveryCodes[1]);
    await expectAccessible(page);
    await page.reload();
    await expect.poll(() => page.getByText("10 unused codes left.").count()).toBe(1);

    // A verified session sent to /login with another site as next stays here.
    await page.goto(`${server.consoleOrigin}/login?next=${encodeURIComponent("//evil.example/")}`);
    await page.getByRole("navigation", { name: "Console" }).waitFor();
    expect(new URL(page.url()).origin).toBe(server.consoleOrigin);
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });
});
