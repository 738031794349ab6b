import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMember, type Member } from "../../server/accounts/member";
import { openBus } from "../../server/bus";
import { listConversations, markRead, postSystemMessage, removeConversation, unreadTotal } from "../../server/chat/conversations";
import { publishToMember } from "../../server/chat/events";
import { createLiveHub } from "../../server/chat/live";
import { conversationMessages, messagesSince, toChatMessage } from "../../server/chat/messages";
import { messageCost } from "../../server/chat/pricing";
import { sendMessage, type MessageContent, type MessageTarget } from "../../server/chat/send";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { AccountStatus } from "../../server/db/schema";
import { blockProfile } from "../../server/profiles/blocks";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addProfile, addSite } from "../support/store-fixtures";

describe("chat: sends, the ledger, conversations and the live hub", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let counter = 0;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("chat", database.url) });
    await migrate(store);
    site = await addSite(store, "chat-nl", {
      message_credits: 10,
      gift_credits: 25,
      free_messages: 4,
      message_length: 40,
      minimum_message_costs: { BE: { costs: 12, currency: "EUR" } },
    });
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  type Options = { credits?: number; paid?: boolean; status?: AccountStatus; country?: string };

  /** A member with an account, its balance written through the ledger like a real grant. */
  async function member(name: string, { credits = 100, paid = true, status = "confirmed", country = "NL" }: Options = {}): Promise<Member> {
    counter += 1;
    const account = await store.db
      .insertInto("accounts")
      .values({
        site_id: site.id,
        email: `${name.toLowerCase()}${counter}@example.com`,
        password_hash: "x",
        status,
        language: "nl",
        country,
        date_of_birth: "1990-01-01",
        paid_user: paid,
        credits,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (credits > 0) {
      await store.db
        .insertInto("credit_ledger")
        .values({ account_id: account.id, site_id: site.id, delta: credits, balance_after: credits, reason: "purchase", idempotency_key: `grant:${counter}` })
        .execute();
    }
    const profileId = await addProfile(store, site, { name, country });
    await store.db.updateTable("profiles").set({ account_id: account.id }).where("id", "=", profileId).execute();
    return (await loadMember(store.db, { siteId: site.id, accountId: account.id }))!;
  }

  let ids = 0;
  const clientId = () => `client-${Date.now().toString(36)}-${(ids += 1)}`;
  const text = (body: string): MessageContent => ({ kind: "text", body });
  const send = async (from: Member, target: MessageTarget, content: MessageContent = text("Hoi!"), id = clientId()) =>
    sendMessage(store.db, { site, member: (await loadMember(store.db, { siteId: site.id, accountId: from.accountId }))!, target, clientId: id, content });
  const to = (other: Member): MessageTarget => ({ profileId: other.profileId });

  async function ledgerOf(accountId: number) {
    const rows = await store.db.selectFrom("credit_ledger").selectAll().where("account_id", "=", accountId).orderBy("id").execute();
    const { credits } = await store.db.selectFrom("accounts").select("credits").where("id", "=", accountId).executeTakeFirstOrThrow();
    return { rows, credits, sum: rows.reduce((total, row) => total + row.delta, 0) };
  }

  it("charges a message once, however often the client retries it", async () => {
    const ann = await member("Ann");
    const bob = await member("Bob");
    const id = clientId();
    const first = await send(ann, to(bob), text("Hoi Bob"), id);
    const retry = await send(ann, to(bob), text("Hoi Bob"), id);
    expect(first).toMatchObject({ status: "sent", credits: 90, recipient: { profileId: bob.profileId, unread: 1 } });
    expect(retry).toMatchObject({ status: "duplicate", credits: 90 });
    if (first.status === "refused" || retry.status === "refused") throw new Error("refused");
    expect(retry.message.id).toBe(first.message.id);

    const ledger = await ledgerOf(ann.accountId);
    expect(ledger.rows.map((row) => [row.reason, row.delta, row.idempotency_key])).toEqual([
      ["purchase", 100, expect.any(String)],
      ["message", -10, `message:${id}`],
    ]);
    expect(ledger.sum).toBe(ledger.credits);
    expect(await unreadTotal(store.db, { profileId: bob.profileId })).toBe(1);
  });

  it("prices texts, gifts and the country minimum", async () => {
    expect(messageCost(site, "NL", "text")).toBe(10);
    expect(messageCost(site, "BE", "text")).toBe(12);
    expect(messageCost(site, "NL", "gift")).toBe(25);
    const belgian = await member("Bea", { country: "BE" });
    const bob = await member("Bob");
    expect(await send(belgian, to(bob))).toMatchObject({ status: "sent", credits: 88 });
    expect(await send(belgian, to(bob), { kind: "gift", gift: "rose" })).toMatchObject({ status: "sent", credits: 63 });
    expect(await send(belgian, to(bob), { kind: "gift", gift: "yacht" })).toMatchObject({ status: "refused", reason: "invalid" });
  });

  it("refuses what the rules forbid, storing and charging nothing", async () => {
    const poor = await member("Piet", { credits: 5 });
    const unconfirmed = await member("Nina", { status: "not_confirmed" });
    const bob = await member("Bob");
    expect(await send(poor, to(bob))).toEqual({ status: "refused", reason: "insufficient_credits", credits: 5 });
    expect(await send(unconfirmed, to(bob))).toMatchObject({ status: "refused", reason: "confirm_email" });
    expect(await send(bob, to(bob))).toMatchObject({ status: "refused", reason: "unavailable" });
    expect(await send(bob, to(poor), text("   "))).toMatchObject({ status: "refused", reason: "empty" });
    expect(await send(bob, to(poor), text("x".repeat(41)))).toMatchObject({ status: "refused", reason: "too_long" });
    expect(await send(bob, to(poor), text("😀".repeat(40)))).toMatchObject({ status: "sent" });
    expect(await send(bob, to(poor), text("Hoi"), "bad id!")).toMatchObject({ status: "refused", reason: "invalid" });

    const stored = await store.db.selectFrom("messages").select("id").where("sender_id", "in", [poor.profileId, unconfirmed.profileId]).execute();
    expect(stored).toEqual([]);
    expect((await ledgerOf(poor.accountId)).credits).toBe(5);
    // Nothing reached Bob from the unconfirmed member: no conversation, no unread.
    expect((await listConversations(store.db, { site, profileId: bob.profileId })).map((row) => row.profile?.name)).toEqual(["Piet"]);
  });

  it("holds free members to two conversations, their free messages, and no photos", async () => {
    const free = await member("Fay", { paid: false });
    const [one, two, three, writer] = [await member("One"), await member("Two"), await member("Three"), await member("Writer")];
    expect(await send(free, to(one))).toMatchObject({ status: "sent" });
    expect(await send(free, to(two))).toMatchObject({ status: "sent" });
    expect(await send(free, to(three))).toMatchObject({ status: "refused", reason: "free_conversations" });
    // Answering a conversation someone else started is not a new one.
    await send(writer, to(free));
    expect(await send(free, to(writer))).toMatchObject({ status: "sent" });
    expect(await send(free, to(one), { kind: "image", image: { filename: "x/1.webp", thumb_filename: "x/1-thumb.webp" } })).toMatchObject({
      status: "refused",
      reason: "premium_only",
    });
    expect(await send(free, to(one))).toMatchObject({ status: "sent" });
    // free_messages is 4 on this site.
    expect(await send(free, to(one))).toMatchObject({ status: "refused", reason: "free_messages" });
  });

  it("keeps blocked members apart and removes their chats", async () => {
    const ann = await member("Ann");
    const bob = await member("Bob");
    await send(ann, to(bob));
    await blockProfile(store.db, { pool: site.pool, blockerId: bob.profileId, blockedId: ann.profileId });
    expect(await send(ann, to(bob))).toMatchObject({ status: "refused", reason: "blocked_by_them" });
    expect(await send(bob, to(ann))).toMatchObject({ status: "refused", reason: "blocked_by_you" });
    expect(await listConversations(store.db, { site, profileId: ann.profileId })).toEqual([]);
    expect(await listConversations(store.db, { site, profileId: bob.profileId })).toEqual([]);
  });

  it("counts unread until opened, and tells the sender how far was read", async () => {
    const ann = await member("Ann");
    const bob = await member("Bob");
    const first = await send(ann, to(bob));
    const second = await send(ann, to(bob));
    if (first.status === "refused" || second.status === "refused") throw new Error("refused");
    const conversationId = first.message.conversation_id;
    expect(second.message.conversation_id).toBe(conversationId);
    const [row] = await listConversations(store.db, { site, profileId: bob.profileId });
    expect(row).toMatchObject({ id: conversationId, unread: 2, profile: { id: ann.profileId, name: "Ann" }, lastMessage: { id: second.message.id } });

    expect(await markRead(store.db, { profileId: bob.profileId, conversationId })).toEqual({
      conversationId,
      readThrough: second.message.id,
      otherId: ann.profileId,
    });
    expect(await markRead(store.db, { profileId: bob.profileId, conversationId })).toBeUndefined();
    expect(await unreadTotal(store.db, { profileId: bob.profileId })).toBe(0);
  });

  it("removes a conversation for one side until a new message brings it back", async () => {
    const ann = await member("Ann");
    const bob = await member("Bob");
    const first = await send(ann, to(bob), text("eerste"));
    if (first.status === "refused") throw new Error("refused");
    const conversationId = first.message.conversation_id;
    expect(await removeConversation(store.db, { profileId: bob.profileId, conversationId })).toBe(true);
    expect(await listConversations(store.db, { site, profileId: bob.profileId })).toEqual([]);
    expect(await listConversations(store.db, { site, profileId: ann.profileId })).toHaveLength(1);
    expect(await removeConversation(store.db, { profileId: (await member("Eve")).profileId, conversationId })).toBe(false);

    await send(ann, to(bob), text("tweede"));
    const page = await conversationMessages(store.db, { site, profileId: bob.profileId, conversationId });
    expect(page.messages.map((message) => message.body)).toEqual(["tweede"]);
    expect((await conversationMessages(store.db, { site, profileId: ann.profileId, conversationId })).messages).toHaveLength(2);
  });

  it("pages back through a conversation and hides what the history limit leaves out", async () => {
    const ann = await member("Ann");
    const bob = await member("Bob");
    let conversationId = 0;
    for (let i = 0; i < 5; i += 1) {
      const sent = await send(ann, to(bob), text(`bericht ${i}`));
      if (sent.status !== "refused") conversationId = sent.message.conversation_id;
    }
    const newest = await conversationMessages(store.db, { site, profileId: bob.profileId, conversationId, limit: 3 });
    expect(newest.messages.map((message) => message.body)).toEqual(["bericht 2", "bericht 3", "bericht 4"]);
    expect(newest.hasOlder).toBe(true);
    const older = await conversationMessages(store.db, { site, profileId: bob.profileId, conversationId, limit: 3, before: newest.messages[0]!.id });
    expect(older).toMatchObject({ hasOlder: false });
    expect(older.messages.map((message) => message.body)).toEqual(["bericht 0", "bericht 1"]);

    await store.db
      .updateTable("messages")
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where("body", "=", "bericht 0")
      .where("conversation_id", "=", conversationId)
      .execute();
    const limited = { ...site, chat_history_days: 30 };
    const shown = await conversationMessages(store.db, { site: limited, profileId: bob.profileId, conversationId });
    expect(shown.messages.map((message) => message.body)).toEqual(["bericht 1", "bericht 2", "bericht 3", "bericht 4"]);
  });

  it("lets the system sender write, free and unanswerable", async () => {
    const ann = await member("Ann");
    await store.db.transaction().execute((tx) => postSystemMessage(tx, { pool: site.pool, profileId: ann.profileId, body: "Welkom!" }));
    const [system] = await listConversations(store.db, { site, profileId: ann.profileId });
    expect(system).toMatchObject({ profile: null, unread: 1, lastMessage: { sender: null, kind: "system", body: "Welkom!" } });
    expect(await send(ann, { conversationId: system!.id })).toMatchObject({ status: "refused", reason: "unavailable" });
  });

  it("gives a reconnecting tab what it missed, including its own sends from other tabs", async () => {
    const ann = await member("Ann");
    const bob = await member("Bob");
    const first = await send(ann, to(bob), text("een"));
    if (first.status === "refused") throw new Error("refused");
    await send(bob, to(ann), text("twee"));
    await send(ann, to(bob), text("drie"));
    const missed = await messagesSince(store.db, { site, profileId: bob.profileId, since: first.message.id });
    expect(missed.filter((row) => row.id > first.message.id).map((row) => row.body)).toEqual(["twee", "drie"]);
  });

  it("fans bus events out to a member's tabs and catches a returning tab up", async () => {
    const bus = await openBus(undefined);
    const hub = createLiveHub({ bus, db: store.db, log: pino({ level: "silent" }) });
    const ann = await member("Ann");
    const bob = await member("Bob");
    const frames: string[] = [];
    const tab = {
      profileId: bob.profileId,
      site,
      write: (frame: string) => frames.push(frame),
      toMessage: (row: Parameters<typeof toChatMessage>[1]) => toChatMessage(site, row),
      end: () => {},
    };
    const connection = await hub.connect(tab);
    if (!connection.connected) throw new Error("the hub is full");
    const sent = await send(ann, to(bob), text("live"));
    if (sent.status === "refused") throw new Error("refused");
    const message = toChatMessage(site, sent.message);
    await publishToMember(bus, pino({ level: "silent" }), bob.profileId, { type: "message", message, unread: 1 });
    await publishToMember(bus, pino({ level: "silent" }), bob.profileId, { type: "message", message, unread: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frames).toEqual([`id: ${message.id}\nevent: message\ndata: ${JSON.stringify({ type: "message", message, unread: 1 })}\n\n`]);
    connection.disconnect();
    expect(hub.tabCount).toBe(0);

    const later = await send(ann, to(bob), text("gemist"));
    if (later.status === "refused") throw new Error("refused");
    const returning: string[] = [];
    await hub.connect({ ...tab, write: (frame) => returning.push(frame) }, message.id);
    expect(returning.join("")).toContain(`id: ${later.message.id}\n`);
    expect(returning.join("")).toContain('"body":"gemist"');
    hub.close();
    await bus.close();
  });

  it("keeps every ledger equal to its balance", async () => {
    const accounts = await store.db.selectFrom("accounts").select(["id", "credits"]).where("site_id", "=", site.id).execute();
    for (const account of accounts) {
      const { sum, credits } = await ledgerOf(account.id);
      expect(sum).toBe(credits);
    }
  });
});
