import { execFile } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../server/accounts/tokens";
import { createMemoryBus } from "../../server/bus/memory-bus";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { auditTrail } from "../../server/support/audit";
import { replaceRecoveryCodes } from "../../server/support/recovery-codes";
import { completeSetup, createStaffAccount, disableStaffAccount, findSetupToken } from "../../server/support/staff-accounts";
import { createStaffLimits, type StaffLimits } from "../../server/support/staff-limits";
import { checkSecondFactor, checkStaffPassword, secondFactorMessage } from "../../server/support/staff-sign-in";
import { createStaffSessions, STAFF_IDLE_MS, STAFF_SESSION_MS, type StaffSessions } from "../../server/support/staff-sessions";
import { totpCode } from "../../server/support/totp";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { createStaff, staffCookie } from "../support/staff";
import { CONSOLE_HOST, requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const run = promisify(execFile);
const PASSWORD = "a long staff password";
const COMMAND_LINE = { staffId: null, ip: "command line" };

/** `npm run staff -- …` (the built command) against a store of its own: what an operator types on the server. */
async function staffCommand(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["build/staff.js", ...args], { env: { ...process.env, ...env, LOG_LEVEL: "silent" } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * Issue 17's staff accounts: made and disabled by the command, a password and a second factor
 * (TOTP or a recovery code), lockouts like the members' login, and sessions that end 12 h after
 * they began and 30 min after their last request.
 */
describe("staff accounts, their sign-in and their sessions", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let limits: StaffLimits;
  let sessions: StaffSessions;
  let counter = 0;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("staff", database.url) });
    await migrate(store);
    limits = createStaffLimits(createMemoryBus());
    sessions = createStaffSessions({ db: store.db, secrets: ["a test secret of at least thirty-two characters"], secure: false });
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  /** The authenticator secret a set-up link's page offers, while the link is good. */
  const setupSecret = async (token: string) => (await findSetupToken(store.db, { token }))?.totpSecret;

  /** An account set up through its link, as the set-up page does it. */
  async function setUpStaff() {
    const created = await createStaffAccount(store.db, { email: `person${(counter += 1)}@staff.example`, role: "support", actor: COMMAND_LINE });
    if (created.status !== "created") throw new Error("not created");
    const secret = (await setupSecret(created.token))!;
    // The set-up's own code belongs to a step a minute ago, so the tests' codes of now are fresh.
    const setupAt = new Date(Date.now() - 60_000);
    const setup = await completeSetup(store.db, { token: created.token, password: PASSWORD, code: totpCode({ secret, now: setupAt.getTime() }), ip: "10.0.0.1", now: setupAt });
    if (setup.status !== "done") throw new Error(`set-up failed: ${setup.status}`);
    return { id: created.staffId, email: created.email, secret, token: created.token, recoveryCodes: setup.recoveryCodes };
  }

  const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

  it("adds an account with the command, prints a one-time set-up link, refuses bad input with exit code 2, and disables it", { timeout: 180_000 }, async () => {
    const database = await freshDatabaseUrl();
    const dataDir = await freshDataDir("staff-command", database.url);
    const env: Record<string, string> = { DATA_DIR: dataDir, SUPPORT_ORIGIN: "https://support.example.com", ...(database.url ? { DATABASE_URL: database.url } : {}) };
    try {
      const added = await staffCommand(["add", "  New.Person@Staff.Example ", "--role", "moderator"], env);
      expect(added.code, added.stderr).toBe(0);
      const link = /https:\/\/support\.example\.com\/setup\/([A-Za-z0-9_-]{43})\s*$/.exec(added.stdout);
      expect(link, added.stdout).not.toBeNull();

      for (const [args, message] of [
        [["add", "new.person@staff.example", "--role", "moderator"], /already exists/],
        [["add", "someone@staff.example", "--role", "owner"], /Unknown role "owner"/],
        [["add", "not-an-address", "--role", "support"], /not an e-mail address/],
        [["add", "someone@staff.example"], /needs --role/],
        [["disable", "nobody@staff.example"], /No staff account/],
        [["promote", "x@staff.example"], /Unknown command/],
      ] as const) {
        const refused = await staffCommand([...args], env);
        expect(refused.code, args.join(" ")).toBe(2);
        expect(refused.stderr.trim().split("\n").filter((line) => !line.startsWith("npm warn"))).toHaveLength(1);
        expect(refused.stderr).toMatch(message);
      }
      expect((await staffCommand(["list"], env)).stdout).toMatch(/new\.person@staff\.example\s+moderator\s+awaiting set-up/);

      const commandStore = await openStore({ databaseUrl: database.url, dataDir });
      try {
        expect(await findSetupToken(commandStore.db, { token: link![1]! })).toMatchObject({ email: "new.person@staff.example", role: "moderator" });
        const created = await commandStore.db.selectFrom("staff_audit").select(["staff_id", "action", "ip"]).where("action", "=", "staff.create").execute();
        expect(created).toEqual([{ staff_id: null, action: "staff.create", ip: "command line" }]);
      } finally {
        await commandStore.close();
      }

      const disabled = await staffCommand(["disable", "NEW.PERSON@staff.example"], env);
      expect(disabled.code, disabled.stderr).toBe(0);
      expect((await staffCommand(["list"], env)).stdout).toMatch(/new\.person@staff\.example\s+moderator\s+disabled/);
    } finally {
      await database.drop();
    }
  });

  it("refuses to open the embedded store a running server holds, and says what to do", { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "amora-staff-busy-"));
    const running = await openStore({ dataDir });
    try {
      const refused = await staffCommand(["list"], { DATA_DIR: dataDir, DATABASE_URL: "" });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`open in another process (pid ${process.pid})`);
    } finally {
      await running.close();
    }
  });

  it("spends a set-up link once, and not after it expired", async () => {
    const staff = await setUpStaff();
    expect(await findSetupToken(store.db, { token: staff.token })).toBeUndefined();
    // Whoever finds the spent link later learns nothing of the authenticator secret.
    const spent = await store.db.selectFrom("staff_tokens").select("totp_secret").where("staff_id", "=", staff.id).executeTakeFirstOrThrow();
    expect(spent.totp_secret).toBe("");
    const again = await completeSetup(store.db, { token: staff.token, password: PASSWORD, code: totpCode({ secret: staff.secret }), ip: "10.0.0.1" });
    expect(again.status).toBe("invalid-token");

    const created = await createStaffAccount(store.db, { email: "late@staff.example", role: "admin", actor: COMMAND_LINE });
    if (created.status !== "created") throw new Error("not created");
    expect(await findSetupToken(store.db, { token: created.token })).toMatchObject({ email: "late@staff.example" });
    const in73Hours = new Date(Date.now() + 73 * 60 * 60 * 1000);
    expect(await findSetupToken(store.db, { token: created.token, now: in73Hours })).toBeUndefined();
    const secret = (await setupSecret(created.token))!;
    const late = await completeSetup(store.db, { token: created.token, password: PASSWORD, code: totpCode({ secret, now: in73Hours.getTime() }), ip: "10.0.0.1", now: in73Hours });
    expect(late.status).toBe("invalid-token");
  });

  it("refuses a set-up whose code is not of the secret shown, and leaves the link unspent", async () => {
    const created = await createStaffAccount(store.db, { email: "typo@staff.example", role: "support", actor: COMMAND_LINE });
    if (created.status !== "created") throw new Error("not created");
    // The same secret on every load of the page, and another, random, for another link.
    const secret = await setupSecret(created.token);
    expect(await setupSecret(created.token)).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const other = await createStaffAccount(store.db, { email: "other-typo@staff.example", role: "support", actor: COMMAND_LINE });
    if (other.status !== "created") throw new Error("not created");
    const otherSecret = (await setupSecret(other.token))!;
    expect(otherSecret).not.toBe(secret);
    const wrong = await completeSetup(store.db, { token: created.token, password: PASSWORD, code: totpCode({ secret: otherSecret }), ip: "10.0.0.1" });
    expect(wrong.status).toBe("wrong-code");
    expect(await findSetupToken(store.db, { token: created.token })).toBeDefined();
    const account = await store.db.selectFrom("staff_accounts").select(["password_hash", "totp_secret"]).where("id", "=", created.staffId).executeTakeFirstOrThrow();
    expect(account).toEqual({ password_hash: null, totp_secret: null });
  });

  it("locks an address for 15 minutes at the fifth wrong password, the right one included", async () => {
    const staff = await setUpStaff();
    const ip = "10.1.1.1";
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await checkStaffPassword(store.db, limits, { email: staff.email, password: "wrong password!", ip })).toEqual({ status: "failed" });
    }
    expect(await checkStaffPassword(store.db, limits, { email: staff.email, password: "wrong password!", ip })).toEqual({ status: "locked", minutes: 15 });
    // From another address too, and with the right password: the account is locked, not the visitor.
    expect(await checkStaffPassword(store.db, limits, { email: ` ${staff.email.toUpperCase()} `, password: PASSWORD, ip: "10.1.1.2" })).toEqual({ status: "locked", minutes: 15 });
    const trail = await auditTrail(store.db, { staffId: staff.id });
    expect(trail.map((row) => row.action)).toContain("staff.sign-in.locked");

    const other = await setUpStaff();
    expect(await checkStaffPassword(store.db, limits, { email: other.email, password: PASSWORD, ip })).toEqual({ status: "ok", staffId: other.id });
  });

  it("answers an unknown, an unset-up and a disabled address as a wrong password", async () => {
    const created = await createStaffAccount(store.db, { email: "pending@staff.example", role: "support", actor: COMMAND_LINE });
    expect(created.status).toBe("created");
    const gone = await setUpStaff();
    await disableStaffAccount(store.db, { email: gone.email, actor: COMMAND_LINE });
    for (const email of ["nobody@staff.example", "pending@staff.example", gone.email]) {
      expect(await checkStaffPassword(store.db, limits, { email, password: PASSWORD, ip: "10.2.2.2" }), email).toEqual({ status: "failed" });
    }
  });

  it("takes a TOTP code once: the same code again is refused, the next step's is taken", async () => {
    const staff = await setUpStaff();
    const now = Date.now();
    const code = totpCode({ secret: staff.secret, now });
    expect(await checkSecondFactor(store.db, limits, { staffId: staff.id, code, ip: "10.3.3.3", now: new Date(now) })).toEqual({ status: "ok", factor: "totp" });
    const replay = await checkSecondFactor(store.db, limits, { staffId: staff.id, code, ip: "10.3.3.3", now: new Date(now) });
    expect(replay).toEqual({ status: "reused" });
    expect(secondFactorMessage(replay as { status: "reused" })).toMatch(/already used/);
    // The code of the step before is within the window but behind the one used: refused too.
    const before = totpCode({ secret: staff.secret, now: now - 30_000 });
    expect((await checkSecondFactor(store.db, limits, { staffId: staff.id, code: before, ip: "10.3.3.3", now: new Date(now) })).status).not.toBe("ok");
    const next = totpCode({ secret: staff.secret, now: now + 30_000 });
    expect(await checkSecondFactor(store.db, limits, { staffId: staff.id, code: next, ip: "10.3.3.3", now: new Date(now + 30_000) })).toEqual({ status: "ok", factor: "totp" });

    const signIns = (await auditTrail(store.db, { staffId: staff.id })).filter((row) => row.action === "staff.sign-in");
    expect(signIns.map((row) => row.detail)).toEqual([{ factor: "totp" }, { factor: "totp" }]);
  });

  it("takes each recovery code once, typed in any case and spacing, and none of the old ones after regenerating", async () => {
    const staff = await setUpStaff();
    expect(staff.recoveryCodes).toHaveLength(10);
    expect(new Set(staff.recoveryCodes).size).toBe(10);
    for (const code of staff.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const [first, second, third] = staff.recoveryCodes as [string, string, string];
    const check = (code: string) => checkSecondFactor(store.db, limits, { staffId: staff.id, code, ip: "10.4.4.4" });

    expect(await check(first)).toEqual({ status: "ok", factor: "recovery-code" });
    expect(await check(first)).toEqual({ status: "failed" });
    expect(await check(` ${second.toUpperCase().replace(/-/g, " ")} `)).toEqual({ status: "ok", factor: "recovery-code" });

    const fresh = await replaceRecoveryCodes(store.db, staff.id);
    expect(fresh).toHaveLength(10);
    expect(await check(third)).toEqual({ status: "failed" });
    expect(await check(fresh[0]!)).toEqual({ status: "ok", factor: "recovery-code" });
    // Another account's code is no good here.
    const other = await setUpStaff();
    expect(await check(other.recoveryCodes[0]!)).toEqual({ status: "failed" });
  });

  it("locks the second step after five wrong codes", async () => {
    const staff = await setUpStaff();
    const check = (code: string) => checkSecondFactor(store.db, limits, { staffId: staff.id, code, ip: "10.5.5.5" });
    for (let attempt = 1; attempt <= 4; attempt += 1) expect(await check("000000")).toMatchObject({ status: expect.stringMatching(/failed|reused/) });
    const locked = await check("000000");
    expect(locked).toEqual({ status: "locked", minutes: 15 });
    expect(secondFactorMessage(locked as { status: "locked"; minutes: number })).toBe("Too many failed attempts: locked for 15 min.");
    expect(await check(totpCode({ secret: staff.secret }))).toEqual({ status: "locked", minutes: 15 });
  });

  it("ends every session of a disabled account, with its audit row", async () => {
    const staff = await setUpStaff();
    const first = cookieOf(await sessions.start({ staffId: staff.id, ip: "10.6.6.6", verified: true }));
    const second = cookieOf(await sessions.start({ staffId: staff.id, ip: "10.6.6.7", verified: true }));
    expect(await sessions.resolve(first)).toMatchObject({ id: staff.id, verified: true });
    expect(await sessions.resolve(second)).toMatchObject({ id: staff.id });

    expect(await disableStaffAccount(store.db, { email: staff.email, actor: COMMAND_LINE })).toEqual({ status: "disabled", staffId: staff.id });
    expect(await sessions.resolve(first)).toBeUndefined();
    expect(await sessions.resolve(second)).toBeUndefined();
    expect(await store.db.selectFrom("staff_sessions").select("id_hash").where("staff_id", "=", staff.id).execute()).toEqual([]);
    const rows = await store.db.selectFrom("staff_audit").select(["staff_id", "action", "detail"]).where("action", "=", "staff.disable").execute();
    expect(rows).toContainEqual({ staff_id: null, action: "staff.disable", detail: { staffId: staff.id, email: staff.email } });
    expect(await disableStaffAccount(store.db, { email: staff.email, actor: COMMAND_LINE })).toEqual({ status: "already-disabled", staffId: staff.id });
  });

  it("ends a session 30 minutes after its last request, and 12 hours after it began however busy", async () => {
    const staff = await setUpStaff();
    const moveBack = async (cookie: string, columns: { lastSeenMs?: number; startedMs?: number }) => {
      const session = await sessions.resolve(cookie);
      const now = Date.now();
      const row = await store.db.selectFrom("staff_sessions").select(["created_at", "expires_at"]).where("id_hash", "=", hashToken(session!.sessionId)).executeTakeFirstOrThrow();
      await store.db
        .updateTable("staff_sessions")
        .set({
          last_seen_at: new Date(now - (columns.lastSeenMs ?? 0)),
          created_at: new Date(row.created_at.getTime() - (columns.startedMs ?? 0)),
          expires_at: new Date(row.expires_at.getTime() - (columns.startedMs ?? 0)),
        })
        .where("id_hash", "=", hashToken(session!.sessionId))
        .execute();
    };

    const idle = cookieOf(await sessions.start({ staffId: staff.id, ip: "10.7.7.7", verified: true }));
    await moveBack(idle, { lastSeenMs: STAFF_IDLE_MS - 60_000 });
    expect(await sessions.resolve(idle), "29 minutes idle").toBeDefined();
    await moveBack(idle, { lastSeenMs: STAFF_IDLE_MS + 1_000 });
    expect(await sessions.resolve(idle), "30 minutes idle").toBeUndefined();

    const busy = cookieOf(await sessions.start({ staffId: staff.id, ip: "10.7.7.7", verified: true }));
    await moveBack(busy, { startedMs: STAFF_SESSION_MS - 60_000 });
    expect(await sessions.resolve(busy), "11 h 59 min, busy").toBeDefined();
    await moveBack(busy, { startedMs: 2 * 60_000 });
    expect(await sessions.resolve(busy), "12 h 1 min, busy").toBeUndefined();

    // A session that gave only its password has ten minutes for the second factor.
    const halfway = cookieOf(await sessions.start({ staffId: staff.id, ip: "10.7.7.7", verified: false }));
    expect(await sessions.resolve(halfway)).toMatchObject({ verified: false });
    await moveBack(halfway, { startedMs: 11 * 60_000 });
    expect(await sessions.resolve(halfway)).toBeUndefined();
  });
});

/** The same rules through the console's pages, as a browser without JavaScript meets them. */
describe("the console's sign-in pages", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const post = (pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    requestAs(
      server.port,
      `${CONSOLE_HOST}:${server.port}`,
      pathname,
      { origin: server.consoleOrigin, "content-type": "application/x-www-form-urlencoded", ...headers },
      { method: "POST", body: new URLSearchParams(form).toString() },
    );

  it("answers the fifth wrong password with the lockout, and the right one during it too", async () => {
    const staff = await createStaff(server, { role: "support" });
    const ip = visitorIp();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await post("/login", { email: staff.email, password: "not the password" }, { "x-forwarded-for": ip });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain("The e-mail address or password is not right.");
    }
    const fifth = await post("/login", { email: staff.email, password: "not the password" }, { "x-forwarded-for": ip });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toContain("Too many failed attempts: locked for 15 min.");
    const right = await post("/login", { email: staff.email, password: staff.password }, { "x-forwarded-for": visitorIp() });
    expect(right.status).toBe(429);
    expect(right.headers["set-cookie"]).toBeUndefined();
  });

  it("starts an unverified session on the right password, and a verified one only after the code", async () => {
    const staff = await createStaff(server, { role: "support" });
    const signedIn = await post("/login", { email: staff.email, password: staff.password, next: "/account" }, { "x-forwarded-for": visitorIp() });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe("/login/verify?next=%2Faccount");
    const halfway = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    const home = await requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, "/", { cookie: halfway });
    expect(home.status).toBe(303);

    const verified = await post("/login/verify", { code: totpCode({ secret: staff.totpSecret }), next: "/account" }, { cookie: halfway });
    expect(verified.status).toBe(302);
    expect(verified.headers.location).toBe("/account");
    const full = String(verified.headers["set-cookie"]).split(";")[0]!;
    expect(full).not.toBe(halfway);
    expect((await requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, "/account", { cookie: full })).status).toBe(200);
    // The password-only session was replaced, not kept beside the new one.
    expect((await requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, "/login/verify", { cookie: halfway })).status).toBe(303);
  });

  it("signs a disabled account out of the console at its next request", async () => {
    const staff = await createStaff(server, { role: "admin" });
    const cookie = (await staffCookie(server, { staffId: staff.id })).header;
    expect((await requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, "/account", { cookie })).status).toBe(200);
    await disableStaffAccount(server.store.db, { email: staff.email, actor: COMMAND_LINE });
    const after = await requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, "/account", { cookie });
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe("/login?next=%2Faccount");
  });

  it("shows a clear page for a used or unknown set-up link", async () => {
    const unknown = await requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, "/setup/no-such-link", {});
    expect(unknown.status).toBe(410);
    expect(unknown.body).toContain("This set-up link has expired or was already used.");
  });
});
