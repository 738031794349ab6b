import { PassThrough } from "node:stream";
import { pino } from "pino";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateAccount } from "../../server/accounts/activation";
import { confirmEmailChange, requestEmailChange } from "../../server/accounts/email-change";
import { createLink } from "../../server/accounts/links";
import { checkPassword } from "../../server/accounts/login";
import { loadMember } from "../../server/accounts/member";
import { requestPasswordReset, resetPassword } from "../../server/accounts/password-reset";
import { createAccount, emailStanding } from "../../server/accounts/signup";
import { changeCredits } from "../../server/credits/ledger";
import { createMember, linkIn, PASSWORD, sessionCookie, uniqueEmail, waitForMail } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

describe("accounts", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const logLines: string[] = [];
  const db = () => server.store.db;
  const site = (id: string) => server.sites.resolveHost(`${id}.localhost`)!;
  const outgoing = (id: string) => ({ site: site(id), origin: server.origin(id), t: server.services.i18n.getFixedT("nl"), language: "nl" });
  const api = (siteId: string, pathname: string, options: { method?: string; body?: unknown; cookie?: string; ip?: string } = {}) =>
    requestAs(
      server.port,
      `${siteId}.localhost`,
      pathname,
      {
        "content-type": "application/json",
        "x-forwarded-for": options.ip ?? visitorIp(),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      { method: options.method, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    );

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    server = await startTestServer({ databaseUrl: database.url, log: pino({ level: "debug" }, stream) });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("keeps accounts per brand: one address may sign up on two brands", async () => {
    const email = uniqueEmail("twice");
    const onFlirt = await createMember(server, { siteId: "flirt-nl", email });
    const onMilf = await createMember(server, { siteId: "milf-de", email });
    expect(onFlirt.accountId).not.toBe(onMilf.accountId);
    const again = await createAccount(db(), {
      form: { email, name: "Again", date_of_birth: "1990-01-01", password: PASSWORD, signup_message: undefined, website: undefined },
      language: "nl",
      country: "NL",
      tracking: undefined,
      outgoing: outgoing("flirt-nl"),
    });
    expect(again.status).toBe("taken");
    const login = (siteId: string) => checkPassword(db(), server.services.limits, { siteId, email, password: PASSWORD, ip: visitorIp() });
    expect(await login("flirt-nl")).toMatchObject({ status: "ok", accountId: onFlirt.accountId });
    expect(await login("milf-de")).toMatchObject({ status: "ok", accountId: onMilf.accountId });
  });

  it("holds a deleted account's address for 14 days, then lets it sign up again", async () => {
    const member = await createMember(server, { siteId: "flirt-nl" });
    const signup = () =>
      createAccount(db(), {
        form: { email: member.email, name: "Anew", date_of_birth: "1991-01-01", password: PASSWORD, signup_message: undefined, website: undefined },
        language: "nl",
        country: "NL",
        tracking: { network: "tj" },
        outgoing: outgoing("flirt-nl"),
      });
    const deletedDaysAgo = (days: number) =>
      db().updateTable("accounts").set({ status: "deleted", deleted_at: new Date(Date.now() - days * 86_400_000) }).where("id", "=", member.accountId).execute();

    await deletedDaysAgo(13);
    expect(await emailStanding(db(), { siteId: "flirt-nl", email: member.email })).toBe("deleted");
    expect(await signup()).toEqual({ status: "deleted" });
    // Within the grace the right password is told apart, so the login can offer reactivation (no session).
    expect(await checkPassword(db(), server.services.limits, { siteId: "flirt-nl", email: member.email, password: PASSWORD, ip: visitorIp() })).toEqual({ status: "deleted", accountId: member.accountId });

    await deletedDaysAgo(15);
    expect((await checkPassword(db(), server.services.limits, { siteId: "flirt-nl", email: member.email, password: PASSWORD, ip: visitorIp() })).status).toBe("failed");
    expect(await emailStanding(db(), { siteId: "flirt-nl", email: member.email })).toBe("free");
    const again = await signup();
    expect(again.status).toBe("created");
    const rows = await db().selectFrom("accounts").select(["id", "email", "tracking"]).where("id", "in", [member.accountId, (again as { accountId: number }).accountId]).orderBy("id").execute();
    expect(rows.map((row) => row.email)).toEqual([`deleted-${member.accountId}@invalid`, member.email]);
    expect(rows[1]?.tracking).toEqual({ network: "tj" });
  });

  it("stores passwords as argon2id of at least 19 MiB, 2 passes", async () => {
    const member = await createMember(server, { siteId: "flirt-nl" });
    const row = await db().selectFrom("accounts").select("password_hash").where("id", "=", member.accountId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, memory, passes] = /m=(\d+),t=(\d+)/.exec(row.password_hash)!;
    expect(Number(memory)).toBeGreaterThanOrEqual(19_456);
    expect(Number(passes)).toBeGreaterThanOrEqual(2);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it("starts unconfirmed and disabled, and activation confirms, enables and grants the signup credits once", async () => {
    const member = await createMember(server, { siteId: "flirt-nl", confirmed: false });
    const before = await loadMember(db(), { siteId: "flirt-nl", accountId: member.accountId });
    expect(before).toMatchObject({ status: "not_confirmed", profileStatus: "disabled", credits: 0 });

    const mail = await waitForMail(server, member.email);
    const token = new URL(linkIn(mail)).searchParams.get("token")!;
    expect(await activateAccount(db(), { siteId: "milf-de", token, signupCredits: 20 })).toEqual({ status: "invalid" });
    const welcome = ({ language }: { language: string }) => `Welkom (${language})`;
    expect(await activateAccount(db(), { siteId: "flirt-nl", token, signupCredits: 20, welcome })).toMatchObject({ status: "activated" });
    expect(await activateAccount(db(), { siteId: "flirt-nl", token, signupCredits: 20, welcome })).toEqual({ status: "invalid" });

    // A second link (asked for before the first was used) activates nothing more, grants and greets nothing.
    const second = await db().transaction().execute((tx) => createLink(tx, { accountId: member.accountId, purpose: "activation", validForMs: 60_000 }));
    expect(await activateAccount(db(), { siteId: "flirt-nl", token: second, signupCredits: 20, welcome })).toMatchObject({ status: "activated" });
    const greetings = await db()
      .selectFrom("messages")
      .innerJoin("conversation_members", "conversation_members.conversation_id", "messages.conversation_id")
      .select(["messages.sender_id", "messages.kind", "messages.body"])
      .where("conversation_members.profile_id", "=", member.profileId)
      .execute();
    expect(greetings).toEqual([{ sender_id: null, kind: "system", body: "Welkom (nl)" }]);

    const after = await loadMember(db(), { siteId: "flirt-nl", accountId: member.accountId });
    expect(after).toMatchObject({ status: "confirmed", profileStatus: "active", credits: 20 });
    const ledger = await db().selectFrom("credit_ledger").selectAll().where("account_id", "=", member.accountId).execute();
    expect(ledger.map((row) => [row.reason, row.delta, row.balance_after])).toEqual([["signup", 20, 20]]);
  });

  it("refuses an expired link", async () => {
    const member = await createMember(server, { siteId: "flirt-nl", confirmed: false });
    const token = await db().transaction().execute((tx) => createLink(tx, { accountId: member.accountId, purpose: "activation", validForMs: -1 }));
    expect(await activateAccount(db(), { siteId: "flirt-nl", token, signupCredits: 20 })).toEqual({ status: "invalid" });
  });

  it("never lets a balance go below zero, and a repeated key changes it once", async () => {
    const member = await createMember(server, { siteId: "flirt-nl" });
    const change = (delta: number, key: string) =>
      db().transaction().execute((tx) => changeCredits(tx, { siteId: "flirt-nl", accountId: member.accountId, delta, reason: "message", idempotencyKey: key }));
    expect(await change(-15, "m1")).toEqual({ status: "applied", balance: 5 });
    expect(await change(-15, "m1")).toEqual({ status: "duplicate", balance: 5 });
    expect(await change(-10, "m2")).toEqual({ status: "insufficient", balance: 5 });
    const sum = await db()
      .selectFrom("credit_ledger")
      .select(sql<number>`sum(delta)::int`.as("sum"))
      .where("account_id", "=", member.accountId)
      .executeTakeFirstOrThrow();
    expect(sum.sum).toBe(5);
  });

  it("locks an account for a while after five wrong passwords, whatever the IP", async () => {
    const member = await createMember(server, { siteId: "gay-uk" });
    const attempt = (password: string) =>
      checkPassword(db(), server.services.limits, { siteId: "gay-uk", email: member.email, password, ip: visitorIp() });
    for (let i = 0; i < 4; i += 1) expect(await attempt("wrong password")).toEqual({ status: "failed" });
    expect(await attempt("wrong password")).toEqual({ status: "locked", minutes: 15 });
    expect(await attempt(PASSWORD)).toEqual({ status: "locked", minutes: 15 });
  });

  it("limits wrong passwords per IP across accounts", async () => {
    const ip = visitorIp();
    let last;
    for (let i = 0; i < 30; i += 1) {
      last = await checkPassword(db(), server.services.limits, { siteId: "gay-uk", email: uniqueEmail("nobody"), password: "x", ip });
    }
    expect(last).toEqual({ status: "locked", minutes: 60 });
  });

  it("resets a password by a single-use link, three mails a day at most, and ends the other sessions", async () => {
    const member = await createMember(server, { siteId: "milf-de" });
    const ip = visitorIp();
    const request = (email: string) =>
      requestPasswordReset(db(), server.services.limits, {
        site: site("milf-de"),
        email,
        ip,
        origin: server.origin("milf-de"),
        today: "2026-11-22",
        translatorFor: (language) => server.services.i18n.getFixedT(language),
      });
    expect(await request(uniqueEmail("unknown"))).toBe("not_found");
    const session = await sessionCookie(server, { siteId: "milf-de", accountId: member.accountId });

    expect(await request(member.email)).toBe("sent");
    await server.services.mailer.deliver();
    const mail = await waitForMail(server, member.email, { subject: /Passwort|password/i });
    const token = new URL(linkIn(mail)).searchParams.get("token")!;
    expect(await request(member.email)).toBe("sent");
    expect(await request(member.email)).toBe("sent");
    expect(await request(member.email)).toBe("too_many");

    // Asking again made the first link stop working; the newest one works once.
    expect(await resetPassword(db(), { siteId: "milf-de", token, password: "a new password" })).toBeUndefined();
    await server.services.mailer.deliver();
    const newest = await waitForMail(server, member.email, { subject: /Passwort|password/i, after: 2 });
    const newToken = new URL(linkIn(newest)).searchParams.get("token")!;
    expect(await resetPassword(db(), { siteId: "milf-de", token: newToken, password: "a new password" })).toBe(member.accountId);
    expect(await resetPassword(db(), { siteId: "milf-de", token: newToken, password: "another one" })).toBeUndefined();

    expect((await api("milf-de", "/api/user.php", { cookie: session.header })).status).toBe(403);
    const login = (password: string) => checkPassword(db(), server.services.limits, { siteId: "milf-de", email: member.email, password, ip: visitorIp() });
    expect(await login("a new password")).toMatchObject({ status: "ok" });
  });

  it("changes the e-mail address only through the link sent to the new address", async () => {
    const member = await createMember(server, { siteId: "gay-uk" });
    const other = await createMember(server, { siteId: "gay-uk" });
    const loaded = (await loadMember(db(), { siteId: "gay-uk", accountId: member.accountId }))!;
    const change = (oldPassword: string, newEmail: string) =>
      requestEmailChange(db(), server.services.limits, { member: loaded, oldPassword, newEmail, outgoing: outgoing("gay-uk") });

    expect(await change("wrong", uniqueEmail("new"))).toEqual({ status: "wrong_password" });
    expect(await change(PASSWORD, other.email)).toEqual({ status: "taken" });
    const newEmail = uniqueEmail("new");
    expect(await change(PASSWORD, newEmail)).toEqual({ status: "sent" });
    await server.services.mailer.deliver();
    const token = new URL(linkIn(await waitForMail(server, newEmail))).searchParams.get("token")!;
    expect((await loadMember(db(), { siteId: "gay-uk", accountId: member.accountId }))?.email).toBe(member.email);
    const confirm = () =>
      confirmEmailChange(db(), { site: site("gay-uk"), token, origin: server.origin("gay-uk"), translatorFor: (language) => server.services.i18n.getFixedT(language) });
    expect(await confirm()).toEqual({ status: "changed", email: newEmail });
    expect(await confirm()).toEqual({ status: "invalid" });
    expect((await loadMember(db(), { siteId: "gay-uk", accountId: member.accountId }))?.email).toBe(newEmail);
  });

  describe("the user API (§7)", () => {
    it("answers 403 authentication_required without a session", async () => {
      const response = await api("flirt-nl", "/api/user.php");
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toEqual({ data: "authentication_required" });
    });

    it("signs in with a JSON payload and answers the user of §3", async () => {
      const member = await createMember(server, { siteId: "flirt-nl", confirmed: false, name: "Sanne" });
      const response = await api("flirt-nl", "/api/user.php", { method: "POST", body: { email: member.email.toUpperCase(), password: PASSWORD } });
      expect(response.status).toBe(200);
      const cookie = String(response.headers["set-cookie"]);
      expect(cookie).toMatch(/auth=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      const { user } = JSON.parse(response.body);
      expect(user).toEqual({
        status: "not_confirmed",
        credits: 0,
        notifications_disabled: [],
        paid_user: false,
        signup_date: expect.any(String),
        language: "nl",
        fictional_icon: expect.any(Boolean),
        profile: { id: member.profileId, name: "Sanne", country: "NL", status: "disabled", main_image: null },
      });

      const auth = cookie.split(";")[0]!;
      const again = await api("flirt-nl", "/api/user.php", { cookie: auth });
      expect(JSON.parse(again.body).user.profile.id).toBe(member.profileId);
      // The same cookie means nothing on another brand.
      expect((await api("milf-de", "/api/user.php", { cookie: auth })).status).toBe(403);
    });

    it("refuses a wrong password with the spec's text, and sets the language with PUT", async () => {
      const member = await createMember(server, { siteId: "bbw-us" });
      const wrong = await api("bbw-us", "/api/user.php", { method: "POST", body: { email: member.email, password: "nope nope" } });
      expect(wrong.status).toBe(401);
      expect(JSON.parse(wrong.body).message).toBe("Login failed, please try again");

      const { header } = await sessionCookie(server, { siteId: "bbw-us", accountId: member.accountId });
      const put = await api("bbw-us", "/api/user.php", { method: "PUT", body: { language: "es" }, cookie: header });
      expect(put.status).toBe(200);
      expect(JSON.parse(put.body).user.language).toBe("es");
      expect(String(put.headers["set-cookie"])).toContain("locale=es");
      expect((await api("bbw-us", "/api/user.php", { method: "PUT", body: { language: "pl" }, cookie: header })).status).toBe(400);
    });

    it("logs out with GET /api/logout.php: the session is gone", async () => {
      const member = await createMember(server, { siteId: "flirt-nl" });
      const { header } = await sessionCookie(server, { siteId: "flirt-nl", accountId: member.accountId });
      const out = await requestAs(server.port, "flirt-nl.localhost", "/api/logout.php", { cookie: header, "x-request-type": "client" });
      expect(JSON.parse(out.body)).toEqual({ user: null });
      expect(String(out.headers["set-cookie"])).toMatch(/auth=; Max-Age=0/);
      expect((await api("flirt-nl", "/api/user.php", { cookie: header })).status).toBe(403);
    });

    it("refuses a state change posted from another site", async () => {
      const response = await requestAs(server.port, "flirt-nl.localhost", "/api/logout.php", { origin: "https://evil.example" }, { method: "POST" });
      expect(response.status).toBe(403);
    });
  });

  it("never writes an e-mail address or password to the log", async () => {
    const email = uniqueEmail("secret");
    const password = "a very secret password";
    await api("flirt-nl", "/api/user.php", { method: "POST", body: { email, password } });
    await requestAs(server.port, "flirt-nl.localhost", `/reset-password/do?token=abc&email=${encodeURIComponent(email)}`);
    const member = await createMember(server, { siteId: "flirt-nl", email, password, confirmed: false });
    await api("flirt-nl", "/api/user.php", { method: "POST", body: { email, password } });
    await server.services.mailer.deliver();
    await waitForMail(server, member.email);
    expect(logLines.length).toBeGreaterThan(3);
    const leaked = logLines.filter((line) => line.includes(email) || line.includes(password) || line.includes(encodeURIComponent(email)));
    expect(leaked).toEqual([]);
  });
});
