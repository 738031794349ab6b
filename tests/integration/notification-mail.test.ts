import { createHmac, randomBytes } from "node:crypto";
import type { TFunction } from "i18next";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset } from "../../server/accounts/password-reset";
import { enableEmailNotifications } from "../../server/banners/notifications";
import { sendWelcomeDiscountLastDay, startMailing } from "../../server/notifications/campaigns";
import { queueNotificationMail } from "../../server/notifications/mail";
import { wantsNotification } from "../../server/notifications/preferences";
import { signUnsubscribeToken } from "../../server/notifications/unsubscribe-token";
import type { Site } from "../../server/sites/schema";
import { createMember, waitForMail } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { runJobsDue } from "../support/jobs";
import { addProfile } from "../support/store-fixtures";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const MAIL_EVENTS_SECRET = "mail-events-secret-for-the-tests";
const HOUR_MS = 3_600_000;

describe("notification mail", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let site: Site;
  const db = () => server.store.db;
  // Periodic jobs come round again only after their period: each tick runs them all, a day later each time.
  let clock = Date.now();
  const tick = () => runJobsDue(server, { at: new Date((clock += 25 * HOUR_MS)) });

  const call = (pathname: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    requestAs(server.port, `${SITE}.localhost`, pathname, { "x-forwarded-for": visitorIp(), ...headers }, { method, body });

  const outbox = (accountId: number, kind: string) =>
    db().selectFrom("mail_outbox").select(["id", "kind"]).where("account_id", "=", accountId).where("kind", "like", kind).execute();

  const account = (accountId: number) => db().selectFrom("accounts").select(["notifications_disabled"]).where("id", "=", accountId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url, env: { MAIL_EVENTS_SECRET } });
    site = server.sites.byId(SITE)!;
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  describe("one-click unsubscribe", () => {
    it("GET shows the page and changes nothing; POST List-Unsubscribe=One-Click without cookie or Origin turns the kind off and shows the banner", async () => {
      const member = await createMember(server, { siteId: SITE });
      const token = signUnsubscribeToken(server.services.mailLinks.secrets, { siteId: SITE, accountId: member.accountId, kind: "weekly_updates" });

      const page = await call(`/unsubscribe/${token}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain("wekelijkse updates");
      expect(await wantsNotification(db(), { accountId: member.accountId, kind: "weekly_updates", channel: "email" })).toBe(true);
      expect((await account(member.accountId)).notifications_disabled).toEqual([]);

      const posted = await call(`/unsubscribe/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(posted.status).toBe(200);
      expect(await wantsNotification(db(), { accountId: member.accountId, kind: "weekly_updates", channel: "email" })).toBe(false);
      expect((await account(member.accountId)).notifications_disabled).toEqual(["list-unsubscribe"]);

      // Twice is the same.
      await call(`/unsubscribe/${token}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect((await account(member.accountId)).notifications_disabled).toEqual(["list-unsubscribe"]);

      // "Turn e-mails on again" on the banner turns the unsubscribed kind back on too.
      await enableEmailNotifications(db(), { siteId: SITE, accountId: member.accountId });
      expect((await account(member.accountId)).notifications_disabled).toEqual([]);
      expect(await wantsNotification(db(), { accountId: member.accountId, kind: "weekly_updates", channel: "email" })).toBe(true);
    });

    it("a forged, other member's or other brand's token unsubscribes nobody", async () => {
      const member = await createMember(server, { siteId: SITE });
      const other = await createMember(server, { siteId: SITE });
      const token = signUnsubscribeToken(server.services.mailLinks.secrets, { siteId: SITE, accountId: other.accountId, kind: "news" });
      const stolen = token.replace(`${other.accountId}.`, `${member.accountId}.`);
      const foreign = signUnsubscribeToken(server.services.mailLinks.secrets, { siteId: "milf-de", accountId: member.accountId, kind: "news" });
      for (const bad of [stolen, foreign, "1.news.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]) {
        const answer = await call(`/unsubscribe/${bad}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
        expect(answer.status).toBe(404);
      }
      expect((await account(member.accountId)).notifications_disabled).toEqual([]);
      expect((await call(`/unsubscribe/${stolen}`)).status).toBe(404);
    });

    it("every notification mail carries its own one-click link", async () => {
      const member = await createMember(server, { siteId: SITE });
      expect(await queueNotificationMail(server.services, { siteId: SITE, accountId: member.accountId, mail: { kind: "like", profile: { name: "Eva", profileId: 1 }, match: false } })).toBe(true);
      server.services.mailer.kick();
      const mail = await waitForMail(server, member.email, { subject: /Eva/ });
      expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const link = /^<(.+)>$/.exec(mail.headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
      expect(link).toMatch(new RegExp(`^${server.origin(SITE)}/unsubscribe/${member.accountId}\\.like\\.`));
      expect(mail.text).toContain(link);
    });
  });

  describe("bounce and complaint callbacks", () => {
    const signGeneric = (body: string, timestamp = Math.floor(Date.now() / 1000)) => ({
      "content-type": "application/json",
      "x-mail-events-timestamp": String(timestamp),
      "x-mail-events-signature": createHmac("sha256", MAIL_EVENTS_SECRET).update(`${timestamp}.${body}`).digest("hex"),
    });

    it("refuse unauthenticated, stale and replayed calls with 401", async () => {
      const member = await createMember(server, { siteId: SITE });
      const body = JSON.stringify({ type: "bounce", email: member.email, bounce_type: "hard" });
      expect((await call("/api/mail-events", { method: "POST", headers: { "content-type": "application/json" }, body })).status).toBe(401);
      expect((await call("/api/mail-events", { method: "POST", headers: { ...signGeneric(body), "x-mail-events-signature": "0".repeat(64) }, body })).status).toBe(401);
      const stale = signGeneric(body, Math.floor(Date.now() / 1000) - 600);
      expect((await call("/api/mail-events", { method: "POST", headers: stale, body })).status).toBe(401);
      expect((await account(member.accountId)).notifications_disabled).toEqual([]);

      const fresh = signGeneric(body);
      expect((await call("/api/mail-events", { method: "POST", headers: fresh, body })).status).toBe(200);
      expect((await call("/api/mail-events", { method: "POST", headers: fresh, body })).status).toBe(401);
    });

    it("a hard bounce stops notification mail but not a password reset", async () => {
      const member = await createMember(server, { siteId: SITE });
      const body = JSON.stringify({ type: "bounce", email: member.email.toUpperCase(), bounce_type: "hard" });
      expect((await call("/api/mail-events", { method: "POST", headers: signGeneric(body), body })).status).toBe(200);
      expect((await account(member.accountId)).notifications_disabled).toEqual(["bounce"]);

      const like = { kind: "like" as const, profile: { name: "Eva", profileId: 1 }, match: true };
      expect(await queueNotificationMail(server.services, { siteId: SITE, accountId: member.accountId, mail: like })).toBe(false);
      const reset = await requestPasswordReset(db(), server.services.limits, {
        site,
        email: member.email,
        ip: visitorIp(),
        origin: server.origin(SITE),
        today: new Date().toISOString().slice(0, 10),
        translatorFor: (language) => server.services.i18n.getFixedT(language) as TFunction,
      });
      expect(reset).toBe("sent");
      expect(await outbox(member.accountId, "passwordReset")).toHaveLength(1);
    });

    it("a soft bounce changes nothing; a complaint sets spam", async () => {
      const member = await createMember(server, { siteId: SITE });
      const soft = JSON.stringify({ type: "bounce", email: member.email, bounce_type: "soft" });
      expect((await call("/api/mail-events", { method: "POST", headers: signGeneric(soft), body: soft })).status).toBe(200);
      expect((await account(member.accountId)).notifications_disabled).toEqual([]);
      const complaint = JSON.stringify({ type: "complaint", email: member.email });
      expect((await call("/api/mail-events", { method: "POST", headers: signGeneric(complaint), body: complaint })).status).toBe(200);
      expect((await account(member.accountId)).notifications_disabled).toEqual(["spam"]);
    });

    it("accept Mailgun's signed webhook and refuse its replay", async () => {
      const member = await createMember(server, { siteId: SITE });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const token = randomBytes(25).toString("hex");
      const signature = { timestamp, token, signature: createHmac("sha256", MAIL_EVENTS_SECRET).update(`${timestamp}${token}`).digest("hex") };
      const body = JSON.stringify({ signature, "event-data": { event: "failed", severity: "permanent", recipient: member.email } });
      const headers = { "content-type": "application/json" };
      expect((await call("/api/mail-events/mailgun", { method: "POST", headers, body })).status).toBe(200);
      expect((await account(member.accountId)).notifications_disabled).toEqual(["bounce"]);
      expect((await call("/api/mail-events/mailgun", { method: "POST", headers, body })).status).toBe(401);
      const forged = JSON.stringify({ signature: { ...signature, token: randomBytes(25).toString("hex") }, "event-data": { event: "complained", recipient: member.email } });
      expect((await call("/api/mail-events/mailgun", { method: "POST", headers, body: forged })).status).toBe(401);
    });

    it("answer 404 while no MAIL_EVENTS_SECRET is configured", async () => {
      const body = JSON.stringify({ type: "complaint", email: "nobody@example.com" });
      server.services.mailEventsSecret = undefined;
      try {
        expect((await call("/api/mail-events", { method: "POST", headers: signGeneric(body), body })).status).toBe(404);
      } finally {
        server.services.mailEventsSecret = MAIL_EVENTS_SECRET;
      }
    });
  });

  describe("scheduled mail", () => {
    async function unreadFrom(sender: { profileId: number }, to: { profileId: number }, { ageMs }: { ageMs: number }) {
      const conversation = await db().insertInto("conversations").values({ pool: site.pool, started_by: sender.profileId }).returning("id").executeTakeFirstOrThrow();
      await db()
        .insertInto("conversation_members")
        .values([
          { conversation_id: conversation.id, profile_id: to.profileId, other_profile_id: sender.profileId, unread_count: 2 },
          { conversation_id: conversation.id, profile_id: sender.profileId, other_profile_id: to.profileId },
        ])
        .execute();
      const createdAt = new Date(Date.now() - ageMs);
      await db()
        .insertInto("messages")
        .values([
          { conversation_id: conversation.id, sender_id: sender.profileId, kind: "text", body: "Hoi!", created_at: createdAt },
          { conversation_id: conversation.id, sender_id: sender.profileId, kind: "text", body: "Ben je er?", created_at: createdAt },
        ])
        .execute();
      return conversation.id;
    }

    it("unread-message reminders go at 24 h and at 72 h, once each", async () => {
      const reader = await createMember(server, { siteId: SITE, name: "Sanne" });
      const writer = await createMember(server, { siteId: SITE, name: "Joost" });
      const conversation = await unreadFrom(writer, reader, { ageMs: 23 * HOUR_MS });
      await tick();
      expect(await outbox(reader.accountId, "unread_message_reminders%")).toHaveLength(0);

      await db().updateTable("messages").set({ created_at: new Date(Date.now() - 25 * HOUR_MS) }).where("conversation_id", "=", conversation).execute();
      await tick();
      await tick();
      expect(await outbox(reader.accountId, "unread_message_reminders%")).toHaveLength(1);
      const first = await waitForMail(server, reader.email, { subject: /ongelezen/ });
      expect(first.subject).toBe("Je hebt 2 ongelezen berichten bij FlirtNL");
      expect(first.text).toContain("Joost");

      await db().updateTable("messages").set({ created_at: new Date(Date.now() - 73 * HOUR_MS) }).where("conversation_id", "=", conversation).execute();
      await tick();
      await tick();
      expect(await outbox(reader.accountId, "unread_message_reminders%")).toHaveLength(2);
    });

    it("activation reminders go at 1 and 3 days with a fresh link, not to confirmed accounts", async () => {
      const waiting = await createMember(server, { siteId: SITE, confirmed: false, signedUpAgoMs: 25 * HOUR_MS });
      const confirmed = await createMember(server, { siteId: SITE, signedUpAgoMs: 25 * HOUR_MS });
      await tick();
      await tick();
      expect(await outbox(waiting.accountId, "reminders%")).toHaveLength(1);
      expect(await outbox(confirmed.accountId, "reminders%")).toHaveLength(0);
      const mail = await waitForMail(server, waiting.email, { subject: /wacht op je/ });
      expect(mail.text).toMatch(new RegExp(`${server.origin(SITE)}/activate\\?token=[\\w-]+`));
      expect(mail.headers["List-Unsubscribe"]).toContain(`/unsubscribe/${waiting.accountId}.reminders.`);

      await db().updateTable("accounts").set({ created_at: new Date(Date.now() - 73 * HOUR_MS) }).where("id", "=", waiting.accountId).execute();
      await tick();
      await tick();
      expect(await outbox(waiting.accountId, "reminders%")).toHaveLength(2);
    });

    it("a weekly update shows the new members that match, with absolute photo URLs, and nothing when there are none", async () => {
      const viewer = await createMember(server, { siteId: SITE, name: "Bram" });
      const lonely = await createMember(server, { siteId: SITE, name: "Fleur" });
      // Both joined long ago: neither is news to the other.
      const longAgo = new Date(Date.now() - 30 * 24 * HOUR_MS);
      await db().updateTable("profiles").set({ gender: "male", sexuality: "hetero", created_at: longAgo }).where("id", "=", viewer.profileId).execute();
      await db().updateTable("profiles").set({ gender: "female", sexuality: "hetero", created_at: longAgo }).where("id", "=", lonely.profileId).execute();
      const recent = new Date(Date.now() - 2 * 24 * HOUR_MS).toISOString();
      const eva = await addProfile(server.store, site, { name: "Eva", gender: "female", createdAt: recent, photo: true });
      await addProfile(server.store, site, { name: "Mia", gender: "female", createdAt: recent });
      await addProfile(server.store, site, { name: "Oldie", gender: "female", createdAt: new Date(Date.now() - 10 * 24 * HOUR_MS).toISOString() });

      await tick();
      const mail = await waitForMail(server, viewer.email, { subject: /nieuwe leden/ });
      expect(mail.subject).toMatch(/^\d+ nieuwe leden voor jou bij FlirtNL$/);
      expect(mail.html).toContain("Eva");
      expect(mail.html).toContain("Mia");
      expect(mail.html).not.toContain("Oldie");
      expect(mail.html).toContain(`src="${server.origin(SITE)}/media/${SITE}/${eva}-thumb.webp"`);
      expect(await outbox(lonely.accountId, "weekly_updates%")).toHaveLength(0);

      await tick();
      expect(await outbox(viewer.accountId, "weekly_updates%")).toHaveLength(1);
    });

    it("the welcome discount's last day is mailed once, only to members who opted in to promotions and never paid", async () => {
      // flirt-nl's welcome discount lasts 72 h: 60 h after signup is its last day.
      const signedUpAgoMs = 60 * HOUR_MS;
      const optedIn = await createMember(server, { siteId: SITE, signedUpAgoMs });
      const silent = await createMember(server, { siteId: SITE, signedUpAgoMs });
      const paid = await createMember(server, { siteId: SITE, signedUpAgoMs });
      await db().updateTable("accounts").set({ paid_user: true }).where("id", "=", paid.accountId).execute();
      await db()
        .insertInto("notification_preferences")
        .values([optedIn, paid].map((member) => ({ account_id: member.accountId, site_id: SITE, kind: "promotions", channel: "email", enabled: true })))
        .execute();

      await sendWelcomeDiscountLastDay(server.services);
      const mail = await waitForMail(server, optedIn.email, { subject: "Laatste dag: 25% korting bij FlirtNL" });
      expect(mail.html).toContain(`${server.origin(SITE)}/credits`);
      expect(mail.headers["List-Unsubscribe"]).toContain(`/unsubscribe/${optedIn.accountId}.promotions.`);
      // A Dutch member who never opted in (the default in NL), and a member who paid, get none.
      expect(await outbox(silent.accountId, "promotions%")).toHaveLength(0);
      expect(await outbox(paid.accountId, "promotions%")).toHaveLength(0);

      await sendWelcomeDiscountLastDay(server.services);
      expect(await outbox(optedIn.accountId, "promotions%")).toHaveLength(1);
    });

    it("a news mailing goes through the queue only to members who opted in", async () => {
      const optedIn = await createMember(server, { siteId: SITE });
      const silent = await createMember(server, { siteId: SITE });
      await db()
        .insertInto("notification_preferences")
        .values({ account_id: optedIn.accountId, site_id: SITE, kind: "news", channel: "email", enabled: true })
        .execute();
      const mailingId = await startMailing(server.services, { siteId: SITE, subject: "Nieuws van FlirtNL", body: "Eerste alinea.\n\nTweede alinea." });
      await runJobsDue(server);
      const mail = await waitForMail(server, optedIn.email, { subject: "Nieuws van FlirtNL" });
      expect(mail.text).toContain("Tweede alinea.");
      expect(mail.headers["List-Unsubscribe"]).toContain(`/unsubscribe/${optedIn.accountId}.news.`);
      expect(await outbox(silent.accountId, "news%")).toHaveLength(0);
      const mailing = await db().selectFrom("mailings").select(["finished_at"]).where("id", "=", mailingId).executeTakeFirstOrThrow();
      expect(mailing.finished_at).not.toBeNull();
      // Sent once, however often the batch runs.
      const count = await sql<{ count: number }>`select count(*)::int as count from notification_sends where kind = 'news' and about = ${`mailing:${mailingId}`}`.execute(db());
      expect(count.rows[0]?.count).toBe(1);
    });
  });
});
