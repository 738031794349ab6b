import { randomBytes } from "node:crypto";
import { parse as parseCookie } from "cookie";
import type { Browser, Page } from "playwright-core";
import { hashPassword } from "../../server/accounts/passwords";
import type { StaffRole } from "../../server/support/roles";
import { DESKTOP } from "./browser";
import type { TestServer } from "./test-server";

export const STAFF_PASSWORD = "staff password for tests";
let counter = 0;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/** A TOTP secret as authenticator apps take it: 160 random bits in base32. */
function base32Secret(): string {
  return Array.from(randomBytes(32), (byte) => BASE32[byte % 32]).join("");
}

/** A staff account set up as the set-up page leaves it: a password and an authenticator secret. */
export async function createStaff(server: TestServer, { role, email }: { role: StaffRole; email?: string }) {
  const address = email ?? `${role}.${Date.now().toString(36)}${(counter += 1)}@staff.example`;
  const totpSecret = base32Secret();
  const row = await server.store.db
    .insertInto("staff_accounts")
    .values({ email: address, role, password_hash: await hashPassword(STAFF_PASSWORD), totp_secret: totpSecret })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email: address, password: STAFF_PASSWORD, totpSecret, role };
}

/** The cookie of a verified staff session (password and second factor given), for a browser or a request header. */
export async function staffCookie(server: TestServer, { staffId }: { staffId: number }) {
  const header = await server.services.staffSessions.start({ staffId, ip: "127.0.0.1", verified: true });
  const [pair] = header.split(";");
  const [name, value] = Object.entries(parseCookie(pair ?? ""))[0] as [string, string];
  return { name, value, header: `${name}=${encodeURIComponent(value)}` };
}

/** A console page in a browser context of its own, signed in as the staff member when one is named. */
export async function openConsole(
  suite: { server: TestServer; browser: Browser },
  { pathname, staffId, viewport = DESKTOP }: { pathname: string; staffId?: number; viewport?: { width: number; height: number } },
): Promise<Page> {
  const context = await suite.browser.newContext({ viewport });
  if (staffId !== undefined) {
    const cookie = await staffCookie(suite.server, { staffId });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: suite.server.consoleOrigin }]);
  }
  const page = await context.newPage();
  await page.goto(suite.server.consoleOrigin + pathname);
  return page;
}

/** Console widths the issue names: a desktop and a tablet. */
export const CONSOLE_WIDTHS = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
] as const;
