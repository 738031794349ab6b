import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markRead } from "../../server/chat/conversations";
import type { Services } from "../../server/http/request-context";
import { loadPreferences, NOTIFICATION_KINDS, wantsNotification } from "../../server/notifications/preferences";
import type { Site } from "../../server/sites/schema";
import { createMember, sessionCookie } from "../support/accounts";
import { runJobsDue } from "../support/jobs";
import { shownText } from "../support/page-text";
import { startPushStandIn, type PushStandIn } from "../support/push-stand-in";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

const NL = "flirt-nl";
const US = "bbw-us";
const SIXTEEN_MINUTES = 16 * 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

/** Notification preferences, push delivery and the notifications of messages and likes (issue 19 items 1 and 3). */
describe("notifications", () => {
  let server: TestServer;
  let push: PushStandIn;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_MEMBERS: "0" } });
    push = await startPushStandIn();
    // The server's push requests go to the stand-in (the one place tests reach into push delivery).
    (server.services as Services).pushAgent = push.agent;
  });

  afterAll(async () => {
    await server?.stop();
    await push?.close();
  });

  const db = () => server.store.db;
  const host = (siteId: string) => new URL(server.origin(siteId)).host;

  async function member(siteId: string, name: string, { paid = false, confirmed = true } = {}) {
    const created = await createMember(server, { siteId, name, confirmed });
    if (paid) await db().updateTable("accounts").set({ paid_user: true, credits: 10_000 }).where("id", "=", created.accountId).execute();
    const cookie = (await sessionCookie(server, { siteId, accountId: created.accountId })).header;
    const ip = visitorIp();
    const call = (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) =>
      requestAs(
        server.port,
        host(siteId),
        pathname,
        { cookie, "x-forwarded-for": ip, "accept-language": siteId === NL ? "nl" : "en", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        { method, body: body === undefined ? undefined : JSON.stringify(body) },
      );
    const postForm = (pathname: string, form: [string, string][], { origin = server.origin(siteId), body }: { origin?: string; body?: string } = {}) =>
      requestAs(
        server.port,
        host(siteId),
        pathname,
        { cookie, "x-forwarded-for": ip, "accept-language": siteId === NL ? "nl" : "en", "content-type": "application/x-www-form-urlencoded", origin },
        { method: "POST", body: body ?? new URLSearchParams(form).toString() },
      );
    let sent = 0;
    const send = async (to: number, body = "Hallo") => {
      const answer = await call("POST", "/api/chat.php", { profile: to, client_id: `m${created.profileId}-${Date.now()}-${(sent += 1)}`, body });
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body) as { message: { id: number; conversation_id: number } };
    };
    return { ...created, cookie, call, postForm, send };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  /** Subscribes a new stand-in browser for the member, as the app does (POST /api/user.php?push=1). */
  async function subscribe(someone: Member) {
    const browser = push.newBrowser();
    const answer = await someone.call("POST", "/api/user.php?push=1", { subscription: browser.subscription });
    expect(answer.status, answer.body).toBe(200);
    return browser;
  }

  /** The member's tab goes out of sight (the page-hidden beacon): no longer online, so mail may go. */
  async function away(someone: Member) {
    expect((await someone.call("POST", "/api/page-hidden.php", {})).status).toBe(204);
  }

  const messageMails = (accountId: number) =>
    db().selectFrom("mail_outbox").select(["kind", "message"]).where("account_id", "=", accountId).where("kind", "in", ["notification.new_messages", "notification.new_conversations"]).orderBy("id").execute();

  /** Every switch of the form, on except the ones named. */
  const formWith = (off: string[]): [string, string][] => [
    ["intent", "preferences"],
    ...NOTIFICATION_KINDS.flatMap((kind) => (["email", "push"] as const).map((channel) => `${kind}.${channel}`))
      .filter((field) => !off.includes(field))
      .map((field): [string, string] => [field, "on"]),
  ];

  describe("preferences", () => {
    it("default to everything on, except promotions and news where the member's country requires an opt-in for marketing", async () => {
      const dutch = await member(NL, "Daan");
      const american = await member(US, "Amy");
      const nl = await loadPreferences(db(), { siteId: NL, accountId: dutch.accountId });
      const us = await loadPreferences(db(), { siteId: US, accountId: american.accountId });
      expect((server.sites.resolveHost(`${NL}.localhost`) as Site).default_country).toBe("NL");
      for (const kind of NOTIFICATION_KINDS) {
        const marketing = kind === "promotions" || kind === "news";
        expect(nl?.[kind], kind).toEqual({ email: !marketing, push: !marketing });
        expect(us?.[kind], kind).toEqual({ email: true, push: true });
        expect(await wantsNotification(db(), { accountId: dutch.accountId, kind, channel: "email" })).toBe(!marketing);
        expect(await wantsNotification(db(), { accountId: american.accountId, kind, channel: "push" })).toBe(true);
      }
      // The page shows the same: the Dutch member's offers switch is off, the American's on.
      const page = await dutch.call("GET", "/notifications");
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/name="promotions\.email"(?![^>]*checked)/);
      expect(page.body).toMatch(/name="like\.email"[^>]*checked/);
      expect((await american.call("GET", "/notifications")).body).toMatch(/name="promotions\.email"[^>]*checked/);
    });

    it("are saved whole in one post, confirmed in the member's language, and a second post leaves the same rows", async () => {
      const someone = await member(NL, "Eva");
      const form = formWith(["like.push", "new_messages.email", "weekly_updates.push", "news.push"]);
      const saved = await someone.postForm("/notifications", form);
      expect(saved.status).toBe(200);
      expect(shownText(saved.body)).toContain("Je keuzes zijn opgeslagen.");
      const again = await someone.postForm("/notifications", form);
      expect(again.status).toBe(200);
      const rows = await db().selectFrom("notification_preferences").selectAll().where("account_id", "=", someone.accountId).execute();
      expect(rows).toHaveLength(16);
      expect(rows.every((row) => row.site_id === NL)).toBe(true);
      const off = rows.filter((row) => !row.enabled).map((row) => `${row.kind}.${row.channel}`).sort();
      expect(off).toEqual(["like.push", "new_messages.email", "news.push", "weekly_updates.push"]);
      const page = await someone.call("GET", "/notifications");
      expect(page.body).toMatch(/name="like\.push"(?![^>]*checked)/);
      expect(page.body).toMatch(/name="news\.email"[^>]*checked/);
    });

    it("refuse a damaged form, a post from another site and an oversized post, changing nothing", async () => {
      const someone = await member(NL, "Fleur");
      const damaged = await someone.postForm("/notifications", [["intent", "preferences"], ["like.email", "yes"]]);
      expect(damaged.status).toBe(200);
      expect(shownText(damaged.body)).toContain("Je keuzes konden niet worden gelezen.");
      const foreign = await someone.postForm("/notifications", formWith(["like.email"]), { origin: "https://attacker.example" });
      expect(foreign.status).toBe(403);
      const oversized = await someone.postForm("/notifications", [], { body: `intent=preferences&like.email=on&padding=${"a".repeat(2_000_000)}` });
      expect(oversized.status).toBe(413);
      expect(await db().selectFrom("notification_preferences").select("kind").where("account_id", "=", someone.accountId).execute()).toEqual([]);
    });
  });

  describe("a message", () => {
    it("to an offline member: a push at once, and one mail 15 minutes later for a burst of ten; the next burst is a new mail", async () => {
      const sender = await member(NL, "Sanne", { paid: true });
      const recipient = await member(NL, "Ruben");
      const browser = await subscribe(recipient);
      await away(recipient);
      const first = await sender.send(recipient.profileId, "Bericht 0");
      for (let count = 1; count < 10; count += 1) await sender.send(recipient.profileId, `Bericht ${count}`);
      await runJobsDue(server);
      // One push per message, at once; each in Dutch, naming the sender, opening the conversation.
      const pushes = await waitUntil(async () => push.received(browser.path), (list) => list.length === 10);
      const payload = pushes[0]?.payload as { title: string; body: string; tag: string; data: { checkUrl: string; openUrl: string } };
      expect(payload.title).toBe("Sanne heeft je geschreven");
      expect(payload.body).toContain("Open");
      expect(payload.body).not.toContain("Bericht");
      expect(payload.data.checkUrl).toBe(`/chats/${first.message.conversation_id}`);
      expect(payload.data.openUrl).toBe(`/login?redirectTo=${encodeURIComponent(`/chats/${first.message.conversation_id}`)}`);
      expect((pushes[1]?.payload as { title: string }).title).toBe("Nieuw bericht van Sanne");
      expect(pushes[0]?.headers.authorization).toMatch(/^vapid t=.+, k=/);
      expect(pushes[0]?.headers["content-encoding"]).toBe("aes128gcm");

      expect(await messageMails(recipient.accountId)).toEqual([]);
      await runJobsDue(server, { at: later(SIXTEEN_MINUTES) });
      const mails = await messageMails(recipient.accountId);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.kind).toBe("notification.new_conversations");

      // Nothing mailed twice: running again mails nothing; a later burst is one new mail.
      await runJobsDue(server, { at: later(SIXTEEN_MINUTES) });
      expect(await messageMails(recipient.accountId)).toHaveLength(1);
      for (let count = 0; count < 3; count += 1) await sender.send(recipient.profileId, `Nog een ${count}`);
      await runJobsDue(server, { at: later(SIXTEEN_MINUTES) });
      expect(await messageMails(recipient.accountId)).toHaveLength(2);
    });

    it("is not mailed when it was read within the 15 minutes, nor to a member who is online", async () => {
      const sender = await member(NL, "Tess", { paid: true });
      const reader = await member(NL, "Lars");
      const online = await member(NL, "Milan");
      await away(reader);
      const sent = await sender.send(reader.profileId);
      await sender.send(online.profileId);
      await markRead(db(), { profileId: reader.profileId, conversationId: sent.message.conversation_id });
      // A request of the member's tab is a sign of life: online for the next minutes.
      expect((await online.call("GET", "/api/user.php")).status).toBe(200);
      await runJobsDue(server, { at: later(SIXTEEN_MINUTES) });
      expect(await messageMails(reader.accountId)).toEqual([]);
      expect(await messageMails(online.accountId)).toEqual([]);
      // The mail job of each did run (and found nothing to mail).
      const keys = await db().selectFrom("jobs").select(["key", "finished_at"]).where("key", "in", [`message-mail:${reader.accountId}`, `message-mail:${online.accountId}`]).execute();
      expect(keys).toHaveLength(2);
      expect(keys.every((job) => job.finished_at !== null)).toBe(true);
    });

    it("tells nobody who turned it off, blocked the sender, or was deleted", async () => {
      const sender = await member(NL, "Vera", { paid: true });
      const choosy = await member(NL, "Wout");
      const blocking = await member(NL, "Xander");
      const leaving = await member(NL, "Yara");
      const off = formWith(["new_conversations.email", "new_conversations.push", "new_messages.email", "new_messages.push"]);
      expect((await choosy.postForm("/notifications", off)).status).toBe(200);
      const control = await member(NL, "Zeger");
      const browsers = [await subscribe(choosy), await subscribe(leaving)];
      for (const someone of [choosy, blocking, leaving, control]) await away(someone);
      await db().updateTable("accounts").set({ status: "deleted", deleted_at: new Date() }).where("id", "=", leaving.accountId).execute();
      await sender.send(choosy.profileId);
      await sender.send(leaving.profileId);
      await sender.send(blocking.profileId);
      await sender.send(control.profileId);
      // After the message, before its mail: a block (the push may have gone already).
      await db().insertInto("blocks").values({ blocker_id: blocking.profileId, blocked_id: sender.profileId }).execute();
      await runJobsDue(server);
      await runJobsDue(server, { at: later(SIXTEEN_MINUTES) });
      for (const browser of browsers) expect(push.received(browser.path)).toEqual([]);
      for (const someone of [choosy, blocking, leaving]) expect(await messageMails(someone.accountId)).toEqual([]);
      // The same message to a member who wants it is mailed.
      expect(await messageMails(control.accountId)).toHaveLength(1);
    });
  });

  describe("push delivery", () => {
    it("removes a subscription the push service answers 410 or 404 for, and retries other failures through the queue", async () => {
      const sender = await member(NL, "Zoë", { paid: true });
      const recipient = await member(NL, "Bram");
      const gone = await subscribe(recipient);
      const lost = await subscribe(recipient);
      const flaky = await subscribe(recipient);
      push.answer(gone.path, 410);
      push.answer(lost.path, 404);
      push.answer(flaky.path, 503);
      await sender.send(recipient.profileId);
      await runJobsDue(server);
      await waitUntil(async () => push.received(flaky.path), (list) => list.length === 1);
      const endpoints = async () => (await db().selectFrom("push_subscriptions").select("endpoint").where("account_id", "=", recipient.accountId).execute()).map((row) => row.endpoint);
      expect(await endpoints()).toEqual([flaky.subscription.endpoint]);

      // The retry: the push service is back.
      push.answer(flaky.path, 201);
      await runJobsDue(server, { at: later(60_000) });
      expect(push.received(flaky.path)).toHaveLength(2);
      expect((push.received(flaky.path)[1]?.payload as { title: string }).title).toBe("Zoë heeft je geschreven");
      expect(push.received(gone.path)).toHaveLength(1);
      expect(await endpoints()).toEqual([flaky.subscription.endpoint]);
    });

    it("is given up by this browser with DELETE /api/user.php?push=1, which removes only the member's own subscription", async () => {
      const owner = await member(NL, "Cas");
      const other = await member(NL, "Dirk");
      const browser = await subscribe(owner);
      const refused = await other.call("DELETE", "/api/user.php?push=1", { endpoint: browser.subscription.endpoint });
      expect(refused.status).toBe(200);
      expect(await db().selectFrom("push_subscriptions").select("id").where("endpoint", "=", browser.subscription.endpoint).execute()).toHaveLength(1);
      const removed = await owner.call("DELETE", "/api/user.php?push=1", { endpoint: browser.subscription.endpoint });
      expect(removed.status).toBe(200);
      expect(await db().selectFrom("push_subscriptions").select("id").where("endpoint", "=", browser.subscription.endpoint).execute()).toEqual([]);
      const foreign = await owner.call("DELETE", "/api/user.php?push=1", { endpoint: browser.subscription.endpoint }, { origin: "https://attacker.example" });
      expect(foreign.status).toBe(403);
    });
  });

  describe("a like", () => {
    it("pushes at once and mails, as a like and then as a match", async () => {
      const liker = await member(US, "Gina");
      const liked = await member(US, "Hank");
      const browser = await subscribe(liked);
      const likeForm = (who: Member, profileId: number) => who.postForm(`/members/${profileId}`, [["intent", "like"]]);
      expect((await likeForm(liker, liked.profileId)).status).toBeLessThan(400);
      await runJobsDue(server);
      const first = await waitUntil(async () => push.received(browser.path), (list) => list.length === 1);
      expect((first[0]?.payload as { title: string }).title).toBe("Gina likes you");
      const mails = () => db().selectFrom("mail_outbox").select("kind").where("account_id", "=", liked.accountId).where("kind", "like", "notification.%").orderBy("id").execute();
      expect(await mails()).toEqual([{ kind: "notification.like" }]);

      // Hank likes back: Gina's like completes a match for Hank... and Hank's for Gina.
      const ginaBrowser = await subscribe(liker);
      expect((await likeForm(liked, liker.profileId)).status).toBeLessThan(400);
      await runJobsDue(server);
      const match = await waitUntil(async () => push.received(ginaBrowser.path), (list) => list.length === 1);
      expect((match[0]?.payload as { title: string; data: { checkUrl: string } }).title).toBe("It's a match: you and Hank like each other");
      expect((match[0]?.payload as { data: { checkUrl: string } }).data.checkUrl).toBe(`/members/${liked.profileId}`);
    });
  });
});
