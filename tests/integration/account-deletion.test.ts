import { access } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "../../server/accounts/deletion";
import { ERASE_DUE_KIND, eraseDueAccounts } from "../../server/accounts/erasure";
import { loadMember } from "../../server/accounts/member";
import { createAccount } from "../../server/accounts/signup";
import { JOB_HANDLERS } from "../../server/jobs/registry";
import { dealSwipeCards } from "../../server/likes/swipe";
import { findMatches } from "../../server/matches/match-finder";
import { addPhoto } from "../../server/photos/photos";
import { uploadsDir } from "../../server/photos/storage";
import { loadOwnProfile } from "../../server/profiles/profile";
import { searchMembers } from "../../server/search/search";
import type { Site } from "../../server/sites/schema";
import { recordAudit } from "../../server/support/audit";
import { createMember, linkIn, PASSWORD, sessionCookie, waitForMail } from "../support/accounts";
import { text } from "../support/catalog";
import { shownText, shows } from "../support/page-text";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const SITE = "gay-uk";
const TODAY = new Date().toISOString().slice(0, 10);
const DAY = 86_400_000;

let counter = 0;
/** A name no other row holds, so finding it anywhere means it was not erased. */
const uniqueName = () => `Quorvex${Date.now().toString(36)}${(counter += 1)}`;

describe("account deletion, reactivation and erasure", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_MEMBERS: "0" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const site = () => server.sites.resolveHost(`${SITE}.localhost`) as Site;
  const host = () => new URL(server.origin(SITE)).host;
  const db = () => server.store.db;

  const call = (pathname: string, { form, cookie, origin = server.origin(SITE), headers = {} }: { form?: Record<string, string>; cookie?: string; origin?: string; headers?: Record<string, string> } = {}) =>
    requestAs(
      server.port,
      host(),
      pathname,
      {
        "x-forwarded-for": visitorIp(),
        "accept-language": "en",
        ...(cookie ? { cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded", origin } : {}),
        ...headers,
      },
      { method: form ? "POST" : "GET", body: form ? new URLSearchParams(form).toString() : undefined },
    );

  async function signedIn(name = uniqueName()) {
    const member = await createMember(server, { siteId: SITE, name });
    await db().updateTable("profiles").set({ gender: "male", sexuality: "gay", status: "active" }).where("id", "=", member.profileId).execute();
    return { ...member, cookie: (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header };
  }

  /** A conversation between two profiles with a message from each. */
  async function converse(a: number, b: number, words: { a: string; b: string }) {
    const conversation = await db().insertInto("conversations").values({ pool: site().pool, started_by: a }).returning("id").executeTakeFirstOrThrow();
    await db()
      .insertInto("conversation_members")
      .values([
        { conversation_id: conversation.id, profile_id: a, other_profile_id: b },
        { conversation_id: conversation.id, profile_id: b, other_profile_id: a },
      ])
      .execute();
    await db()
      .insertInto("messages")
      .values([
        { conversation_id: conversation.id, sender_id: a, kind: "text", body: words.a, image_filename: null, image_thumb_filename: null, gift: null, client_id: `a-${conversation.id}` },
        { conversation_id: conversation.id, sender_id: b, kind: "text", body: words.b, image_filename: null, image_thumb_filename: null, gift: null, client_id: `b-${conversation.id}` },
      ])
      .execute();
    return conversation.id;
  }

  /** The reactivation link of the newest reactivation mail to an address, as the outbox delivered it. */
  async function reactivationLink(email: string, { after = 0 }: { after?: number } = {}): Promise<string> {
    const mail = await waitForMail(server, email, { subject: text("en", "mail:reactivation.subject", { site: site().name }), after });
    const url = new URL(linkIn(mail));
    expect(url.pathname).toBe("/account-deleted/reactivate");
    return url.pathname + url.search;
  }

  async function deleteThroughFlow(member: { cookie: string }) {
    const deleted = await call("/settings/delete", { cookie: member.cookie, form: { intent: "delete", reason: "taking_break", password: PASSWORD } });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.location).toBe("/account-deleted");
  }

  it("asks why, offers what fits, refuses a wrong password, then hides the member from everyone at once", async () => {
    const leaver = await signedIn();
    const viewer = await signedIn();
    await db().insertInto("likes").values({ liker_id: leaver.profileId, liked_id: viewer.profileId }).execute();
    await converse(leaver.profileId, viewer.profileId, { a: "hello there", b: "hi!" });
    await db().insertInto("push_subscriptions").values({ account_id: leaver.accountId, endpoint: `https://push.example/${leaver.accountId}`, p256dh: "key", auth: "auth" }).execute();

    const filters = { gender: "male" as const, min_age: 18, max_age: 99 };
    const viewerProfile = await loadOwnProfile(db(), { siteId: SITE, profileId: viewer.profileId });
    const swiper = { profileId: viewer.profileId, country: "GB", paidUser: false, gender: "male" as const, sexuality: "gay" as const };
    const seen = async () => {
      const likes = JSON.parse((await call("/api/likes.php", { cookie: viewer.cookie })).body) as { liked_by: { id: number }[] };
      const chats = JSON.parse((await call("/api/chats.php", { cookie: viewer.cookie })).body) as { chats: { profile: { id: number; name: string; main_image: unknown } | null }[] };
      const chat = chats.chats.find((row) => row.profile?.id === leaver.profileId);
      return {
        search: (await searchMembers(db(), { site: site(), viewerProfileId: viewer.profileId, filters, today: TODAY })).results.some((card) => card.id === leaver.profileId),
        swipe: (await dealSwipeCards(db(), { site: site(), member: swiper, today: TODAY, limit: 50 })).some((card) => card.id === leaver.profileId),
        matchFinder: (await findMatches(db(), { site: site(), viewer: viewerProfile!, filters, today: TODAY, limit: 50 })).some((card) => card.id === leaver.profileId),
        likes: likes.liked_by.some((row) => row.id === leaver.profileId),
        chatName: chat?.profile?.name,
        profilePage: (await call(`/members/${leaver.profileId}`, { cookie: viewer.cookie })).status,
      };
    };
    expect(await seen()).toEqual({ search: true, swipe: true, matchFinder: true, likes: true, chatName: leaver.name, profilePage: 200 });

    const reasons = await call("/settings/delete", { cookie: leaver.cookie });
    expect(reasons.status).toBe(200);
    expect(shows(reasons, text("en", "deletion:reasons.title"))).toBe(true);
    const noReason = await call("/settings/delete", { cookie: leaver.cookie, form: { intent: "reason" } });
    expect(shows(noReason, text("en", "deletion:errors.reasonRequired"))).toBe(true);
    const otherWithoutWords = await call("/settings/delete", { cookie: leaver.cookie, form: { intent: "reason", reason: "other" } });
    expect(shows(otherWithoutWords, text("en", "deletion:errors.noteRequired"))).toBe(true);

    // Too few matches: the smallest package to a member who never paid, and invisible mode; no e-mail change.
    const offers = await call("/settings/delete", { cookie: leaver.cookie, form: { intent: "reason", reason: "no_matches" } });
    expect(shows(offers, text("en", "deletion:offers.trial.title"))).toBe(true);
    expect(shows(offers, text("en", "deletion:offers.privacy.title"))).toBe(true);
    expect(shows(offers, text("en", "deletion:offers.email.title"))).toBe(false);
    expect(offers.body).toContain(`href="/credits/${site().packages[0]?.tier}"`);
    // Too expensive: the brand's delete_discount as the member's own code, with its expiry and a way to use it.
    const expensive = await call("/settings/delete", { cookie: leaver.cookie, form: { intent: "reason", reason: "too_expensive" } });
    const code = await db().selectFrom("discount_codes").select(["code", "percentage"]).where("account_id", "=", leaver.accountId).executeTakeFirstOrThrow();
    expect(Number(code.percentage)).toBe(site().delete_discount);
    expect(expensive.body).toContain(`href="/credits?code=${code.code}"`);
    expect(shows(expensive, code.code)).toBe(true);
    const newEmail = await call("/settings/delete", { cookie: leaver.cookie, form: { intent: "reason", reason: "new_email" } });
    expect(newEmail.body).toContain('href="/settings#email"');

    // The smallest package is a trial only for a member who never paid.
    await db()
      .insertInto("payments")
      .values({ site_id: SITE, account_id: leaver.accountId, package: "p0", credits: 100, amount: 995, currency: "GBP", method: "card", provider: "test", order_key: `paid-${leaver.accountId}`, status: "paid", expires_at: new Date(Date.now() + DAY) })
      .execute();
    const paid = await call("/settings/delete", { cookie: leaver.cookie, form: { intent: "reason", reason: "no_matches" } });
    expect(shows(paid, text("en", "deletion:offers.trial.title"))).toBe(false);
    expect(shows(paid, text("en", "deletion:offers.privacy.title"))).toBe(true);

    const wrong = await call("/settings/delete", { cookie: leaver.cookie, form: { intent: "delete", reason: "no_matches", password: "not my password" } });
    expect(wrong.status).toBe(400);
    expect(shows(wrong, text("en", "deletion:errors.wrongPassword"))).toBe(true);
    expect((await loadMember(db(), { siteId: SITE, accountId: leaver.accountId }))?.status).toBe("confirmed");

    await deleteThroughFlow(leaver);
    expect(await seen()).toEqual({ search: false, swipe: false, matchFinder: false, likes: false, chatName: text("en", "deletion:deletedMember"), profilePage: 404 });
    const chats = JSON.parse((await call("/api/chats.php", { cookie: viewer.cookie })).body) as { chats: { profile: { id: number; main_image: unknown } | null }[] };
    expect(chats.chats.find((row) => row.profile?.id === leaver.profileId)?.profile?.main_image).toBeNull();

    // Signed out everywhere, no push any more, and the page explains the 14 days.
    expect((await call("/settings", { cookie: leaver.cookie })).headers.location).toMatch(/^\/login/);
    expect(await db().selectFrom("sessions").select("id_hash").where("account_id", "=", leaver.accountId).execute()).toEqual([]);
    expect(await db().selectFrom("push_subscriptions").select("id").where("account_id", "=", leaver.accountId).execute()).toEqual([]);
    const page = await call("/account-deleted");
    expect(shows(page, text("en", "deletion:deleted.grace", { days: 14 }))).toBe(true);
    expect(await reactivationLink(leaver.email)).toMatch(/^\/account-deleted\/reactivate\?token=/);
  });

  it("brings account and profile back through the mailed link, once, and signs the member in", async () => {
    const member = await signedIn();
    await deleteThroughFlow(member);
    const link = await reactivationLink(member.email);

    const page = await call(link);
    expect(page.status).toBe(200);
    expect(shows(page, text("en", "deletion:reactivate.submit"))).toBe(true);
    // Opening the link changes nothing: a mail scanner fetching it reactivates nobody.
    expect((await db().selectFrom("accounts").select("status").where("id", "=", member.accountId).executeTakeFirstOrThrow()).status).toBe("deleted");

    const done = await call(link, { form: {} });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe("/members?reactivated=1");
    const cookie = String(done.headers["set-cookie"]).split(";")[0] as string;
    expect((await call("/settings", { cookie })).status).toBe(200);
    const profile = await db().selectFrom("profiles").select(["status", "status_before_deletion"]).where("id", "=", member.profileId).executeTakeFirstOrThrow();
    expect(profile).toEqual({ status: "active", status_before_deletion: null });
    expect((await loadMember(db(), { siteId: SITE, accountId: member.accountId }))?.status).toBe("confirmed");

    const again = await call(link);
    expect(shows(again, text("en", "deletion:reactivate.invalidTitle"))).toBe(true);
  });

  it("offers reactivation to a login within the grace, never doing it silently", async () => {
    const member = await signedIn();
    await deleteThroughFlow(member);

    const wrong = await call("/login", { form: { email: member.email, password: "wrong password" } });
    expect(wrong.status).toBe(200);
    expect(shows(wrong, text("en", "errors.loginFailed"))).toBe(true);

    const login = await call("/login", { form: { email: member.email, password: PASSWORD } });
    expect(login.status).toBe(302);
    expect(login.headers.location).toMatch(/^\/account-deleted\/reactivate\?token=[\w-]+&from=login$/);
    expect(login.headers["set-cookie"]).toBeUndefined();
    expect((await db().selectFrom("accounts").select("status").where("id", "=", member.accountId).executeTakeFirstOrThrow()).status).toBe("deleted");

    const offer = await call(String(login.headers.location));
    expect(shows(offer, text("en", "deletion:reactivate.submit"))).toBe(true);
    const done = await call(String(login.headers.location), { form: {} });
    expect(done.status).toBe(302);
    expect((await db().selectFrom("accounts").select("status").where("id", "=", member.accountId).executeTakeFirstOrThrow()).status).toBe("confirmed");
  });

  it("mails the link again from the signup hint, rate limited, and lets nothing reactivate after the grace", async () => {
    const member = await signedIn();
    await deleteThroughFlow(member);
    // The signup form names the deleted account and leads to the way of getting the link again.
    const signup = await call("/signup", {
      form: { email: member.email, name: "Again", date_of_birth: "1988-08-08", password: "a good password", gender: "male", looking_for: "men", special_consent: "on" },
    });
    expect(shows(signup, text("en", "account:signup.emailDeleted"))).toBe(true);
    expect(signup.body).toContain(`href="/account-deleted?${new URLSearchParams({ email: member.email })}#resend"`);
    const before = await db().selectFrom("mail_outbox").select("id").where("account_id", "=", member.accountId).where("kind", "=", "reactivation").execute();
    const resent = await call("/account-deleted", { form: { email: member.email } });
    expect(shows(resent, text("en", "deletion:resend.sent"))).toBe(true);
    const after = await db().selectFrom("mail_outbox").select("id").where("account_id", "=", member.accountId).where("kind", "=", "reactivation").execute();
    expect(after.length).toBe(before.length + 1);
    let limited = false;
    for (let attempt = 0; attempt < 6 && !limited; attempt += 1) limited = (await call("/account-deleted", { form: { email: member.email } })).status === 429;
    expect(limited).toBe(true);

    const link = await reactivationLink(member.email, { after: 1 });
    await db().updateTable("accounts").set({ deleted_at: new Date(Date.now() - 15 * DAY) }).where("id", "=", member.accountId).execute();
    expect(shows(await call(link), text("en", "deletion:reactivate.invalidTitle"))).toBe(true);
    expect((await call(link, { form: {} })).headers.location).toBe("/account-deleted/reactivate");
    const login = await call("/login", { form: { email: member.email, password: PASSWORD } });
    expect(shows(login, text("en", "errors.loginFailed"))).toBe(true);
    expect((await db().selectFrom("accounts").select("status").where("id", "=", member.accountId).executeTakeFirstOrThrow()).status).toBe("deleted");

    // The address is free for a new signup.
    const again = await createAccount(db(), {
      form: { email: member.email, name: "Newcomer", date_of_birth: "1990-01-01", password: PASSWORD, signup_message: undefined, website: undefined },
      language: "en",
      country: "GB",
      tracking: undefined,
      outgoing: { site: site(), origin: server.origin(SITE), t: server.services.i18n.getFixedT("en"), language: "en" },
    });
    expect(again.status).toBe("created");
  });

  it("counts wrong passwords toward the login lockout, as every password check does", async () => {
    const member = await signedIn();
    const attempt = (password: string) => call("/settings/delete", { cookie: member.cookie, form: { intent: "delete", reason: "privacy", password } });
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push((await attempt(`wrong ${n}`)).status);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const locked = await attempt(PASSWORD);
    expect(locked.status).toBe(429);
    expect(shownText(locked.body)).toMatch(new RegExp(text("en", "deletion:errors.locked", { minutes: 999 }).replace("999", "\\d+").replace(/[.]/g, "\\.")));
    expect((await db().selectFrom("accounts").select("status").where("id", "=", member.accountId).executeTakeFirstOrThrow()).status).toBe("confirmed");
  });

  it("refuses the delete action from a foreign origin and with an oversized body", async () => {
    const member = await signedIn();
    const foreign = await call("/settings/delete", { cookie: member.cookie, origin: "https://evil.example", form: { intent: "delete", reason: "other", note: "x", password: PASSWORD } });
    expect(foreign.status).toBe(403);
    const huge = await call("/settings/delete", { cookie: member.cookie, form: { intent: "delete", reason: "other", note: "x".repeat(2 * 1024 * 1024), password: PASSWORD } });
    expect(huge.status).toBe(413);
    expect((await db().selectFrom("accounts").select("status").where("id", "=", member.accountId).executeTakeFirstOrThrow()).status).toBe("confirmed");
  });

  it("erases for good after 14 days: no personal data left in any table or the photo store; payments and ledger kept", async () => {
    const name = uniqueName();
    const member = await signedIn(name);
    const other = await signedIn();
    const image = await sharp({ create: { width: 640, height: 800, channels: 3, background: "#8a6" } }).jpeg().toBuffer();
    const photo = await addPhoto({ db: db(), storage: server.services.photos, site: site(), profileId: member.profileId, accountId: member.accountId, bytes: image });
    expect(photo.ok).toBe(true);
    const photoRow = await db().selectFrom("photos").select(["filename", "thumb_filename"]).where("profile_id", "=", member.profileId).executeTakeFirstOrThrow();
    await db().updateTable("profiles").set({ about_me: `I am ${name}`, city: "Brightonia" }).where("id", "=", member.profileId).execute();
    await db().updateTable("accounts").set({ signup_message: `hello from ${member.email}`, tracking: JSON.stringify({ ref: name }) }).where("id", "=", member.accountId).execute();
    await db().insertInto("likes").values([{ liker_id: member.profileId, liked_id: other.profileId }, { liker_id: other.profileId, liked_id: member.profileId }]).execute();
    await db().insertInto("blocks").values({ blocker_id: member.profileId, blocked_id: other.profileId }).execute();
    await db().insertInto("swipe_passes").values({ profile_id: other.profileId, passed_id: member.profileId }).execute();
    await db().insertInto("banner_dismissals").values({ account_id: member.accountId, banner: "photo" }).execute();
    const conversationId = await converse(member.profileId, other.profileId, { a: `my name is ${name}`, b: "nice to meet you" });
    const payment = await db()
      .insertInto("payments")
      .values({ site_id: SITE, account_id: member.accountId, package: "p0", credits: 100, amount: 995, currency: "GBP", method: "card", provider: "test", order_key: `erase-${member.accountId}`, status: "paid", checkout_url: `https://pay.example/${name}`, expires_at: new Date(Date.now() + DAY) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("credit_ledger").values({ account_id: member.accountId, site_id: SITE, delta: 100, balance_after: 100, reason: "purchase", idempotency_key: `payment:${payment.id}` }).execute();
    await db().insertInto("payment_mandates").values({ account_id: member.accountId, site_id: SITE, provider: "test", customer_reference: "cst_1", mandate_reference: `mdt_${member.accountId}`, method: "card", label: `${name}'s Visa` }).execute();
    await db().insertInto("complaints").values({ site_id: SITE, reporter_account_id: member.accountId, reporter_email: member.email, reason: "other", message: `from ${name}` }).execute();
    await recordAudit(db(), { staffId: null, ip: "127.0.0.1" }, { action: "member.view", siteId: SITE, accountId: member.accountId, detail: { email: member.email, name } });
    await db().insertInto("notification_preferences").values({ account_id: member.accountId, site_id: SITE, kind: "news", channel: "email", enabled: true }).execute();
    await db().insertInto("jobs").values({ kind: "notifications.test", payload: JSON.stringify({ accountId: member.accountId }), run_at: new Date(Date.now() + DAY) }).execute();

    /** Every text, JSON and array column of every table, searched for the member's address, name and photo keys. */
    const personalDataLeft = async () => {
      const needles = [member.email, name, photoRow.filename, photoRow.thumb_filename, path.basename(photoRow.filename, ".webp")];
      const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and (c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED') )`.execute(db());
      expect(columns.length).toBeGreaterThan(50);
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of columns) {
        for (const needle of needles) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)}::text ilike ${`%${needle}%`}`.execute(db());
          if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column} holds ${needle}`);
        }
      }
      return found;
    };
    // The search finds what is there: before the erasure, the member is everywhere.
    expect((await personalDataLeft()).length).toBeGreaterThan(10);

    const outgoing = { site: site(), origin: server.origin(SITE), t: server.services.i18n.getFixedT("en"), language: "en" };
    const memberRow = await loadMember(db(), { siteId: SITE, accountId: member.accountId });
    expect(await deleteAccount(db(), server.services.limits, { member: memberRow!, password: PASSWORD, reason: "other", note: `${name} says bye`, outgoing })).toEqual({ status: "deleted" });

    // Not before the 14 days are over.
    await eraseDueAccounts(server.services);
    expect((await db().selectFrom("accounts").select("erased_at").where("id", "=", member.accountId).executeTakeFirstOrThrow()).erased_at).toBeNull();
    await db().updateTable("accounts").set({ deleted_at: new Date(Date.now() - 14 * DAY - 60_000) }).where("id", "=", member.accountId).execute();
    // The registered periodic job does the erasure; a second pass finds nothing left to do.
    await JOB_HANDLERS[ERASE_DUE_KIND]!({}, server.services);
    expect(await eraseDueAccounts(server.services)).toBe(0);

    expect(await personalDataLeft()).toEqual([]);

    const files = uploadsDir(server.dataDir);
    for (const key of [photoRow.filename, photoRow.thumb_filename]) await expect(access(path.join(files, key))).rejects.toThrow();

    const kept = await db().selectFrom("payments").select(["id", "amount", "status", "checkout_url"]).where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ id: payment.id, amount: 995, status: "paid", checkout_url: null });
    expect((await db().selectFrom("credit_ledger").select("delta").where("account_id", "=", member.accountId).execute()).map((row) => row.delta)).toContain(100);
    const audit = await db().selectFrom("staff_audit").select(["action", "detail"]).where("account_id", "=", member.accountId).execute();
    expect(audit).toEqual([{ action: "member.view", detail: {} }]);
    const tombstone = await db().selectFrom("accounts").select(["status", "email", "erased_at"]).where("id", "=", member.accountId).executeTakeFirstOrThrow();
    expect(tombstone.status).toBe("deleted");
    expect(tombstone.email).toBe(`deleted-${member.accountId}@invalid`);
    expect(tombstone.erased_at).not.toBeNull();

    // The other member still has the conversation: their own words, and one marker for the deleted member.
    const left = await db().selectFrom("messages").select(["sender_id", "kind", "body"]).where("conversation_id", "=", conversationId).orderBy("id").execute();
    expect(left).toEqual([
      { sender_id: member.profileId, kind: "system", body: text("en", "deletion:erased.chatMarker") },
      { sender_id: other.profileId, kind: "text", body: "nice to meet you" },
    ]);
    const chats = JSON.parse((await call("/api/chats.php", { cookie: other.cookie })).body) as { chats: { profile: { id: number; name: string } | null }[] };
    expect(chats.chats.find((row) => row.profile?.id === member.profileId)?.profile?.name).toBe(text("en", "deletion:deletedMember"));
  });
});
