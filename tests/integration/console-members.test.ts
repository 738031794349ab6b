import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkPassword, loginAccountKey } from "../../server/accounts/login";
import type { PaymentProvider } from "../../server/payments/provider";
import { applyReport } from "../../server/payments/settle";
import type { Site } from "../../server/sites/schema";
import type { Actor } from "../../server/support/audit";
import { adjustCredits, banMember, clearLoginLockout, endSessions, liftBan, resendActivationMail, setProfileHidden } from "../../server/support/member-measures";
import { refundMemberPayment } from "../../server/support/member-refund";
import { memberPage, searchMembers } from "../../server/support/members";
import { createMember, PASSWORD, sessionCookie, uniqueEmail } from "../support/accounts";
import { createStaff, staffCookie } from "../support/staff";
import { EventStream } from "../support/event-stream";
import { CONSOLE_HOST, requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

/**
 * Issue 17 point 4 on the real server and store: what support staff find and see of a member, and
 * every measure they take, each written with its one audit row or not at all; and what a ban and a
 * hidden profile mean on the brand.
 */
describe("the support console's members: search, page and measures", () => {
  let server: TestServer;
  let site: Site;
  let support: Actor;
  let supportCookie: string;
  let moderatorCookie: string;
  let keys = 0;
  const SITE = "flirt-nl";

  beforeAll(async () => {
    server = await startTestServer();
    site = server.sites.byId(SITE) as Site;
    const staff = await createStaff(server, { role: "support" });
    support = { staffId: staff.id, ip: "10.9.8.7" };
    supportCookie = (await staffCookie(server, { staffId: staff.id })).header;
    const moderator = await createStaff(server, { role: "moderator" });
    moderatorCookie = (await staffCookie(server, { staffId: moderator.id })).header;
  });

  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.store.db;
  const key = () => `test-key-${Date.now().toString(36)}-${(keys += 1)}`;
  /** An actor whose staff account does not exist: its audit row cannot be written (foreign key), so the action must fail whole. */
  const ghost: Actor = { staffId: 987_654_321, ip: "10.0.0.1" };

  const auditRows = (accountId: number) => db().selectFrom("staff_audit").select(["action", "staff_id", "detail", "site_id"]).where("account_id", "=", accountId).orderBy("id").execute();
  const ledgerRows = (accountId: number) => db().selectFrom("credit_ledger").select(["delta", "reason", "idempotency_key"]).where("account_id", "=", accountId).orderBy("id").execute();
  const account = (accountId: number) => db().selectFrom("accounts").selectAll().where("id", "=", accountId).executeTakeFirstOrThrow();
  const sessions = (accountId: number) => db().selectFrom("sessions").select("id_hash").where("account_id", "=", accountId).execute();

  /** A POST of a member page's form, as the browser sends it to the console. */
  const postIntent = (cookie: string, accountId: number, fields: Record<string, string>) =>
    requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, `/members/${accountId}?site=${SITE}`, { cookie, origin: server.consoleOrigin, "content-type": "application/x-www-form-urlencoded" }, { method: "POST", body: new URLSearchParams(fields).toString() });

  /** A paid payment of the test provider, settled as its webhook settles one. */
  async function paidPayment(accountId: number, credits = 120) {
    const row = await db()
      .insertInto("payments")
      .values({
        site_id: SITE,
        account_id: accountId,
        package: "p1",
        credits,
        amount: 1995,
        currency: "EUR",
        method: "ideal",
        provider: "test",
        provider_reference: `tst_members${Date.now().toString(36)}${(keys += 1)}`,
        order_key: key(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .returning(["id", "provider_reference"])
      .executeTakeFirstOrThrow();
    await applyReport({ services: server.services, site, provider: { name: "test" }, report: { paymentId: row.id, providerReference: row.provider_reference as string, status: "paid", amount: 1995, currency: "EUR" } });
    return row.id;
  }

  it("finds members of one brand by e-mail, id and name, and records the search", async () => {
    const email = uniqueEmail("findme");
    const member = await createMember(server, { siteId: SITE, email, name: "Zoltana" });
    await createMember(server, { siteId: "gay-uk", email: uniqueEmail("findme"), name: "Zoltana" });
    const find = (query: string) => searchMembers({ db: db(), actor: support, siteId: SITE, query });

    expect((await find(email)).map((hit) => hit.accountId)).toEqual([member.accountId]);
    expect((await find(email.slice(0, 12).toUpperCase())).map((hit) => hit.accountId)).toContain(member.accountId);
    expect((await find(String(member.accountId))).map((hit) => hit.accountId)).toContain(member.accountId);
    expect((await find(String(member.profileId))).map((hit) => hit.accountId)).toContain(member.accountId);
    const byName = await find("zOLTA");
    expect(byName.map((hit) => hit.accountId)).toContain(member.accountId);
    // The other brand's Zoltana is not found here.
    expect(byName.every((hit) => hit.email !== email || hit.accountId === member.accountId)).toBe(true);
    expect(await find("%")).toEqual([]);

    const searches = await db().selectFrom("staff_audit").select(["detail", "site_id"]).where("action", "=", "member.search").where("staff_id", "=", support.staffId).execute();
    expect(searches.map((row) => row.detail)).toContainEqual({ query: email, results: 1 });
    expect(searches.every((row) => row.site_id === SITE)).toBe(true);
  });

  it("shows a member's page, recording the view, with money only for roles that may see it", async () => {
    const member = await createMember(server, { siteId: SITE });
    const limits = server.services.limits;
    const withMoney = await memberPage({ db: db(), actor: support, limits, siteId: SITE, accountId: member.accountId, withMoney: true });
    expect(withMoney?.account).toMatchObject({ email: member.email, status: "confirmed", banned_at: null });
    expect(withMoney?.money?.ledger.map((row) => row.reason)).toEqual(["signup"]);
    const without = await memberPage({ db: db(), actor: support, limits, siteId: SITE, accountId: member.accountId, withMoney: false });
    expect(without?.money).toBeUndefined();
    // Another brand's member is not there.
    expect(await memberPage({ db: db(), actor: support, limits, siteId: "gay-uk", accountId: member.accountId, withMoney: true })).toBeUndefined();
    expect((await auditRows(member.accountId)).map((row) => row.action)).toEqual(["member.view", "member.view"]);
  });

  it("writes each measure with exactly one audit row, and neither when the audit row cannot be written", async () => {
    const member = await createMember(server, { siteId: SITE });
    const target = { db: db(), siteId: SITE, accountId: member.accountId };
    await sessionCookie(server, { siteId: SITE, accountId: member.accountId });
    const limits = server.services.limits;
    for (let attempt = 0; attempt < 5; attempt += 1) await checkPassword(db(), limits, { siteId: SITE, email: member.email, password: "wrong password", ip: visitorIp() });
    const balance = (await account(member.accountId)).credits;
    const ledgerBefore = await ledgerRows(member.accountId);
    const profileStatus = async () => (await db().selectFrom("profiles").select("status").where("account_id", "=", member.accountId).executeTakeFirstOrThrow()).status;

    // With an actor whose audit row fails, nothing of any measure stays.
    await expect(adjustCredits({ ...target, actor: ghost, delta: 40, reason: "goodwill", key: key() })).rejects.toThrow();
    await expect(endSessions({ ...target, actor: ghost })).rejects.toThrow();
    await expect(clearLoginLockout({ ...target, actor: ghost, limits })).rejects.toThrow();
    await expect(banMember({ ...target, actor: ghost })).rejects.toThrow();
    await expect(setProfileHidden({ ...target, actor: ghost, hidden: true })).rejects.toThrow();
    expect(await ledgerRows(member.accountId)).toEqual(ledgerBefore);
    expect(await sessions(member.accountId)).toHaveLength(1);
    expect(await account(member.accountId)).toMatchObject({ credits: balance, banned_at: null });
    expect(await limits.loginAccount.get(loginAccountKey(SITE, member.email))).not.toBeNull();
    expect(await profileStatus()).toBe("active");
    expect(await auditRows(member.accountId)).toEqual([]);

    // A take below zero books nothing and records nothing.
    expect(await adjustCredits({ ...target, actor: support, delta: -(balance + 1), reason: "mistake", key: key() })).toEqual({ status: "insufficient", balance });
    expect(await ledgerRows(member.accountId)).toEqual(ledgerBefore);
    expect(await auditRows(member.accountId)).toEqual([]);

    expect(await adjustCredits({ ...target, actor: support, delta: 40, reason: "goodwill", key: key() })).toEqual({ status: "applied", balance: balance + 40 });
    expect(await endSessions({ ...target, actor: support })).toEqual({ status: "done", ended: 1 });
    expect(await clearLoginLockout({ ...target, actor: support, limits })).toEqual({ status: "done" });
    expect(await setProfileHidden({ ...target, actor: support, hidden: true })).toEqual({ status: "done" });
    expect(await setProfileHidden({ ...target, actor: support, hidden: true })).toEqual({ status: "unchanged" });
    expect(await setProfileHidden({ ...target, actor: support, hidden: false })).toEqual({ status: "done" });
    expect(await banMember({ ...target, actor: support, note: "spam" })).toEqual({ status: "done" });
    expect(await banMember({ ...target, actor: support })).toEqual({ status: "unchanged" });
    expect(await setProfileHidden({ ...target, actor: support, hidden: false })).toEqual({ status: "banned" });
    expect(await liftBan({ ...target, actor: support })).toEqual({ status: "done" });
    const rows = await auditRows(member.accountId);
    expect(rows.map((row) => row.action)).toEqual(["credits.adjust", "member.sessions_end", "member.lockout_clear", "profile.hide", "profile.show", "member.ban", "member.unban"]);
    expect(rows.every((row) => row.staff_id === support.staffId && row.site_id === SITE)).toBe(true);
    expect(rows[0]?.detail).toMatchObject({ delta: 40, reason: "goodwill", balance: balance + 40 });
    expect(rows[5]?.detail).toMatchObject({ note: "spam", sessionsEnded: 0, profileHidden: true });
  });

  it("sends a new activation link only to an account not confirmed yet, recorded with its mail", async () => {
    const unconfirmed = await createMember(server, { siteId: SITE, confirmed: false });
    const confirmed = await createMember(server, { siteId: SITE });
    const outgoingFor = () => ({ site, origin: server.origin(SITE), t: server.services.i18n.getFixedT("nl"), language: "nl" });
    const mails = (accountId: number) => db().selectFrom("mail_outbox").select("kind").where("account_id", "=", accountId).execute();
    const before = await mails(unconfirmed.accountId);

    await expect(resendActivationMail({ db: db(), actor: ghost, siteId: SITE, accountId: unconfirmed.accountId, outgoingFor })).rejects.toThrow();
    expect(await mails(unconfirmed.accountId)).toEqual(before);
    expect(await resendActivationMail({ db: db(), actor: support, siteId: SITE, accountId: unconfirmed.accountId, outgoingFor })).toEqual({ status: "sent" });
    expect(await mails(unconfirmed.accountId)).toHaveLength(before.length + 1);
    expect(await resendActivationMail({ db: db(), actor: support, siteId: SITE, accountId: confirmed.accountId, outgoingFor })).toEqual({ status: "already_confirmed" });
    expect((await auditRows(unconfirmed.accountId)).map((row) => row.action)).toEqual(["member.activation_resend"]);
    expect(await auditRows(confirmed.accountId)).toEqual([]);
  });

  it("books an adjustment once however often its form is sent", async () => {
    const member = await createMember(server, { siteId: SITE });
    const before = (await account(member.accountId)).credits;
    const once = key();
    const adjust = () => adjustCredits({ db: db(), actor: support, siteId: SITE, accountId: member.accountId, delta: -3, reason: "wrong gift", key: once });
    const [first, second] = await Promise.all([adjust(), adjust()]);
    expect([first?.status, second?.status].sort()).toEqual(["applied", "duplicate"]);
    expect(await adjust()).toEqual({ status: "duplicate", balance: before - 3 });
    expect((await ledgerRows(member.accountId)).filter((row) => row.reason === "adjustment")).toEqual([{ delta: -3, reason: "adjustment", idempotency_key: `staff-adjust:${once}` }]);
    expect((await account(member.accountId)).credits).toBe(before - 3);
    expect((await auditRows(member.accountId)).filter((row) => row.action === "credits.adjust")).toHaveLength(1);
  });

  it("refunds a payment through the test provider once, however many ask at the same time", async () => {
    const member = await createMember(server, { siteId: SITE });
    const paymentId = await paidPayment(member.accountId);
    const balance = (await account(member.accountId)).credits;
    const provider = server.services.payments.byName("test") as PaymentProvider;
    const refund = vi.spyOn(provider, "refund");
    try {
      const ask = () => refundMemberPayment({ services: server.services, actor: support, site, accountId: member.accountId, paymentId });
      const answers = await Promise.all([ask(), ask()]);
      expect(answers).toContainEqual({ status: "refunded", creditsTakenBack: 120, creditsNotTakenBack: 0 });
      expect(answers).toContainEqual({ status: "refused", reason: "already_requested" });
      expect(refund).toHaveBeenCalledTimes(1);
      expect(await ask()).toEqual({ status: "refused", reason: "already_requested" });
      expect(refund).toHaveBeenCalledTimes(1);
    } finally {
      refund.mockRestore();
    }
    const payment = await db().selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "refunded", credits_taken_back: 120, refund_requested_by: support.staffId });
    expect((await account(member.accountId)).credits).toBe(balance - 120);
    expect((await ledgerRows(member.accountId)).filter((row) => row.reason === "refund")).toEqual([{ delta: -120, reason: "refund", idempotency_key: `refund:${paymentId}` }]);
    expect((await auditRows(member.accountId)).filter((row) => row.action.startsWith("payment."))).toEqual([
      expect.objectContaining({ action: "payment.refund", detail: expect.objectContaining({ paymentId }) }),
    ]);
  });

  it("leaves a pending refund to the provider's webhook, and frees a refund the provider refused to be tried again", async () => {
    const member = await createMember(server, { siteId: SITE });
    const provider = server.services.payments.byName("test") as PaymentProvider;
    const ask = (paymentId: number) => refundMemberPayment({ services: server.services, actor: support, site, accountId: member.accountId, paymentId });

    const pending = await paidPayment(member.accountId);
    const refund = vi.spyOn(provider, "refund").mockResolvedValueOnce({ status: "pending" }).mockRejectedValueOnce(new Error("provider down"));
    try {
      expect(await ask(pending)).toEqual({ status: "pending" });
      expect((await db().selectFrom("payments").select("status").where("id", "=", pending).executeTakeFirstOrThrow()).status).toBe("paid");
      expect(await ask(pending)).toEqual({ status: "refused", reason: "already_requested" });
      // The provider's report completes it, as its webhook would.
      const reference = (await db().selectFrom("payments").select("provider_reference").where("id", "=", pending).executeTakeFirstOrThrow()).provider_reference as string;
      await applyReport({ services: server.services, site, provider: { name: "test" }, report: { paymentId: pending, providerReference: reference, status: "refunded", amount: 1995, currency: "EUR" } });
      expect(await db().selectFrom("payments").select(["status", "credits_taken_back"]).where("id", "=", pending).executeTakeFirstOrThrow()).toEqual({ status: "refunded", credits_taken_back: 120 });

      const failing = await paidPayment(member.accountId);
      expect(await ask(failing)).toEqual({ status: "refused", reason: "provider_error" });
      expect((await db().selectFrom("payments").select("refund_requested_at").where("id", "=", failing).executeTakeFirstOrThrow()).refund_requested_at).toBeNull();
      expect(await ask(failing)).toMatchObject({ status: "refunded" });
      expect(refund).toHaveBeenCalledTimes(3);
    } finally {
      refund.mockRestore();
    }
    expect((await auditRows(member.accountId)).map((row) => row.action)).toEqual(["payment.refund", "payment.refund", "payment.refund_failed", "payment.refund"]);
  });

  it("clears a login lockout so the member can sign in at once", async () => {
    const member = await createMember(server, { siteId: SITE });
    const limits = server.services.limits;
    for (let attempt = 0; attempt < 5; attempt += 1) await checkPassword(db(), limits, { siteId: SITE, email: member.email, password: "wrong password", ip: visitorIp() });
    expect((await checkPassword(db(), limits, { siteId: SITE, email: member.email, password: PASSWORD, ip: visitorIp() })).status).toBe("locked");
    const page = () => memberPage({ db: db(), actor: support, limits, siteId: SITE, accountId: member.accountId, withMoney: false });
    expect((await page())?.lockout.lockedMinutes).toBeGreaterThan(0);
    expect(await limits.loginAccount.get(loginAccountKey(SITE, member.email))).not.toBeNull();

    const cleared = await postIntent(supportCookie, member.accountId, { intent: "clear-lockout" });
    expect(cleared.status).toBe(200);
    expect((await page())?.lockout.lockedMinutes).toBe(0);
    expect((await checkPassword(db(), limits, { siteId: SITE, email: member.email, password: PASSWORD, ip: visitorIp() })).status).toBe("ok");
  });

  it("bans from the console: every session ends, the open tab is signed out, and signing in shows the ban page", async () => {
    const member = await createMember(server, { siteId: SITE });
    const brand = `${SITE}.localhost:${server.port}`;
    const tab = (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header;
    expect((await requestAs(server.port, brand, "/api/user.php", { cookie: tab })).status).toBe(200);
    // The tab's live stream: it must not go on carrying messages to a banned member.
    const stream = new EventStream({ port: server.port, host: brand, headers: { cookie: tab }, retryMs: 100 });
    await stream.opened();

    const banned = await postIntent(supportCookie, member.accountId, { intent: "ban", note: "fake profile" });
    expect(banned.status).toBe(200);
    // Told to ask again (which finds it signed out), its stream is ended, and reconnecting is refused.
    await stream.until((events) => events.some((event) => event.event === "resync"), { what: "a resync before the stream ends" });
    await expect.poll(() => stream.statuses.slice(1)).toContain(403);
    stream.close();
    expect(await sessions(member.accountId)).toEqual([]);
    expect((await account(member.accountId)).banned_at).not.toBeNull();
    expect((await db().selectFrom("profiles").select("status").where("account_id", "=", member.accountId).executeTakeFirstOrThrow()).status).toBe("hidden");
    // The open tab's next request: signed out.
    expect((await requestAs(server.port, brand, "/api/user.php", { cookie: tab })).status).toBe(403);
    // A session made anyway (a reset link, say) does not resolve while the ban lasts.
    const sneaked = (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header;
    expect((await requestAs(server.port, brand, "/api/user.php", { cookie: sneaked })).status).toBe(403);

    const form = { "content-type": "application/x-www-form-urlencoded", origin: `http://${brand}` };
    const login = await requestAs(server.port, brand, "/login", form, { method: "POST", body: new URLSearchParams({ email: member.email, password: PASSWORD }).toString() });
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/pages/ban");
    expect(login.headers["set-cookie"]).toBeUndefined();
    const api = await requestAs(server.port, brand, "/api/user.php", { "content-type": "application/json", origin: `http://${brand}` }, { method: "POST", body: JSON.stringify({ email: member.email, password: PASSWORD }) });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toMatchObject({ error: "banned", redirect: "/pages/ban" });
    // The wrong password says nothing of the ban.
    const wrong = await requestAs(server.port, brand, "/login", form, { method: "POST", body: new URLSearchParams({ email: member.email, password: "not the password" }).toString() });
    expect(wrong.headers.location).toBeUndefined();

    expect((await postIntent(supportCookie, member.accountId, { intent: "lift-ban" })).status).toBe(200);
    const again = await requestAs(server.port, brand, "/login", form, { method: "POST", body: new URLSearchParams({ email: member.email, password: PASSWORD }).toString() });
    expect(again.headers.location).toBe("/members");
  });

  it("hides a profile from other members, and shows it again", async () => {
    const member = await createMember(server, { siteId: SITE });
    const other = await createMember(server, { siteId: SITE });
    const brand = `${SITE}.localhost:${server.port}`;
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: other.accountId })).header;
    const open = () => requestAs(server.port, brand, `/members/${member.profileId}`, { cookie });
    expect((await open()).status).toBe(200);

    expect((await postIntent(moderatorCookie, member.accountId, { intent: "hide" })).status).toBe(200);
    expect((await open()).status).toBe(404);
    // Still signed in: hiding is not a ban.
    const own = (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header;
    expect((await requestAs(server.port, brand, "/api/user.php", { cookie: own })).status).toBe(200);

    expect((await postIntent(moderatorCookie, member.accountId, { intent: "show" })).status).toBe(200);
    expect((await open()).status).toBe(200);
    // Each form's answer is the page drawn again, which is a view of its own.
    expect((await auditRows(member.accountId)).map((row) => row.action)).toEqual(["profile.hide", "member.view", "profile.show", "member.view"]);
  });

  it("refuses a moderator the money and account-management intents with 403, whatever the form says", async () => {
    const member = await createMember(server, { siteId: SITE });
    const paymentId = await paidPayment(member.accountId);
    const before = await ledgerRows(member.accountId);
    const forged: Record<string, string>[] = [
      { intent: "adjust", delta: "500", reason: "forged", key: key() },
      { intent: "refund", payment: String(paymentId) },
      { intent: "end-sessions" },
      { intent: "clear-lockout" },
      { intent: "resend-activation" },
    ];
    for (const fields of forged) {
      const answer = await postIntent(moderatorCookie, member.accountId, fields);
      expect(answer.status, fields.intent).toBe(403);
    }
    expect(await ledgerRows(member.accountId)).toEqual(before);
    expect((await db().selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirstOrThrow()).status).toBe("paid");
    expect(await auditRows(member.accountId)).toEqual([]);

    // Support may, and bad input is refused with the reason next to the field and nothing booked.
    const bad = await postIntent(supportCookie, member.accountId, { intent: "adjust", delta: "0", reason: "x", key: key() });
    expect(bad.status).toBe(400);
    expect(await ledgerRows(member.accountId)).toEqual(before);
    const good = await postIntent(supportCookie, member.accountId, { intent: "adjust", delta: "15", reason: "apology for the outage", key: key() });
    expect(good.status).toBe(200);
    expect((await ledgerRows(member.accountId)).at(-1)).toMatchObject({ delta: 15, reason: "adjustment" });
  });
});
