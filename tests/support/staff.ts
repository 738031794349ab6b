import { randomBytes } from "node:crypto";
import { parse as parseCookie } from "cookie";
import { hashPassword } from "../../server/accounts/passwords";
import type { StaffRole } from "../../server/support/roles";
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
