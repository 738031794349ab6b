import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { membersOf, toMember, type Member } from "../../server/accounts/member";
import { sendMessage, type SendResult } from "../../server/chat/send";
import { changeCredits } from "../../server/credits/ledger";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { Site } from "../../server/sites/schema";
import { realStores } from "../support/chat-instances";
import { freshDatabaseUrl } from "../support/databases";
import { addProfile, addSite } from "../support/store-fixtures";

const SENDS = 1_000;
const CLIENT_IDS = 700;
const COST = 10; // the fixture site's message_credits; NL has no minimum
const START = 4_000; // pays for 400 of the 700 messages: the balance runs out part-way
const POOL = 20;
/** Callers waiting at once: five per connection (the pool gives up on a caller after 5 s of waiting). */
const IN_FLIGHT = 100;

/** A deterministic random source, so a failure can be rerun as it was. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * One sender's sends, all at once over many connections: retries of one client id, and the balance
 * running out midway. The ledger and the messages must agree afterwards, whatever the interleaving.
 */
describe("concurrent sends of one member on PostgreSQL", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let sender: Member;
  let recipients: number[];

  beforeAll(async () => {
    realStores();
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await mkdtemp(path.join(tmpdir(), "amora-concurrency-")), poolSize: POOL });
    await migrate(store);
    site = await addSite(store, "busy");
    const account = await store.db
      .insertInto("accounts")
      .values({
        site_id: site.id,
        email: "sender@example.com",
        password_hash: "-",
        status: "confirmed",
        language: "nl",
        country: "NL",
        date_of_birth: "1990-01-01",
        paid_user: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const profileId = await addProfile(store, site, { name: "Sender" });
    await store.db.updateTable("profiles").set({ account_id: account.id }).where("id", "=", profileId).execute();
    await store.db
      .transaction()
      .execute((tx) => changeCredits(tx, { siteId: site.id, accountId: account.id, delta: START, reason: "purchase", idempotencyKey: "payment:1" }));
    sender = toMember(await membersOf(store.db, site.id).where("accounts.id", "=", account.id).executeTakeFirstOrThrow());
    recipients = [];
    for (const name of ["Anna", "Bea", "Cor"]) recipients.push(await addProfile(store, site, { name }));
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it("charges each stored message once, stores each client id at most once, and never overdraws", async () => {
    const next = random(20261122);
    const clientIds = Array.from({ length: CLIENT_IDS }, (_, index) => `msg-${index.toString().padStart(4, "0")}-${Math.floor(next() * 1e9)}`);
    // Every client id once, in random order, then 300 retries among them (some ids get two or
    // three): half go out together with the first try (a double tap), half at a random later point.
    const firstTry = new Map(clientIds.map((id) => [id, next()]));
    const order = clientIds.map((id) => ({ id, key: firstTry.get(id)!, jitter: Math.floor(next() * 5) }));
    while (order.length < SENDS) {
      const id = clientIds[Math.floor(next() * CLIENT_IDS)]!;
      if (order.filter((attempt) => attempt.id === id).length === 3) continue;
      order.push({ id, key: next() < 0.5 ? firstTry.get(id)! + 1e-9 : next(), jitter: Math.floor(next() * 5) });
    }
    order.sort((x, y) => x.key - y.key);
    const attempts = order.map((attempt) => attempt.id);
    const recipientOf = new Map(clientIds.map((id, index) => [id, recipients[index % recipients.length]!]));

    const answers = new Map<string, SendResult[]>();
    const errors: unknown[] = [];
    let free = IN_FLIGHT;
    const queue: (() => void)[] = [];
    const slot = () => (free > 0 ? ((free -= 1), Promise.resolve()) : new Promise<void>((resolve) => queue.push(resolve)));
    const release = () => (queue.length > 0 ? queue.shift()!() : (free += 1));
    await Promise.all(
      order.map(async ({ id, jitter }) => {
        await slot();
        await new Promise((resolve) => setTimeout(resolve, jitter));
        try {
          const result = await sendMessage(store.db, {
            site,
            member: sender,
            target: { profileId: recipientOf.get(id)! },
            clientId: id,
            content: { kind: "text", body: `hallo ${id}` },
          });
          answers.set(id, [...(answers.get(id) ?? []), result]);
        } catch (error) {
          errors.push(error);
        } finally {
          release();
        }
      })
    );
    expect(errors).toEqual([]);

    // Balances: never below zero, and every account's ledger sums to it, ending on it.
    const accounts = await store.db.selectFrom("accounts").select(["id", "credits"]).execute();
    for (const account of accounts) {
      const ledger = await store.db.selectFrom("credit_ledger").select(["delta", "balance_after"]).where("account_id", "=", account.id).orderBy("id").execute();
      expect(account.credits).toBeGreaterThanOrEqual(0);
      expect(ledger.every((row) => row.balance_after >= 0)).toBe(true);
      expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(account.credits);
      expect(ledger.at(-1)?.balance_after).toBe(account.credits);
      // Each row continues the one before: no two changes read the same balance.
      ledger.reduce((before, row) => (expect(row.balance_after).toBe(before + row.delta), row.balance_after), 0);
    }
    const final = accounts.find((account) => account.id === sender.accountId)!.credits;

    // Messages: each client id at most once, each charged exactly once, by its own ledger row.
    const messages = await store.db.selectFrom("messages").select(["id", "client_id", "credits", "sender_id"]).execute();
    const charges = await store.db
      .selectFrom("credit_ledger")
      .select(["idempotency_key", "delta", "reason"])
      .where("account_id", "=", sender.accountId)
      .where("idempotency_key", "like", "message:%")
      .execute();
    expect(messages.every((message) => message.sender_id === sender.profileId)).toBe(true);
    expect(new Set(messages.map((message) => message.client_id)).size).toBe(messages.length);
    expect(new Set(charges.map((charge) => charge.idempotency_key)).size).toBe(charges.length);
    const chargeOf = new Map(charges.map((charge) => [charge.idempotency_key, charge]));
    expect(charges.length).toBe(messages.length);
    for (const message of messages) {
      const charge = chargeOf.get(`message:${message.client_id}`);
      expect(charge, `the charge of ${message.client_id}`).toBeDefined();
      expect(charge?.delta).toBe(-message.credits);
      expect(charge?.reason).toBe("message");
    }
    expect(messages.every((message) => message.credits === COST)).toBe(true);
    expect(messages.length).toBe((START - final) / COST);

    // The balance ran out part-way: some were sent, the rest refused, and nothing more fits.
    expect(messages.length).toBe(START / COST);
    expect(final).toBe(0);

    // What each caller heard agrees with the store: a stored id was sent once and found by its
    // retries; an id not stored was refused every time, for want of credits.
    const stored = new Map(messages.map((message) => [message.client_id, message.id]));
    let refused = 0;
    for (const id of clientIds) {
      const results = answers.get(id) ?? [];
      expect(results.length).toBe(attempts.filter((each) => each === id).length);
      const messageId = stored.get(id);
      if (messageId === undefined) {
        refused += 1;
        expect(results.map((result) => (result.status === "refused" ? result.reason : result.status))).toEqual(results.map(() => "insufficient_credits"));
      } else {
        expect(results.filter((result) => result.status === "sent").length, `sends of ${id}`).toBe(1);
        expect(results.every((result) => result.status !== "refused" && result.message.id === messageId)).toBe(true);
      }
    }
    expect(refused).toBe(CLIENT_IDS - START / COST);

    // The conversations' counts moved once per stored message.
    const unread = await store.db
      .selectFrom("conversation_members")
      .select(sql<string>`sum(unread_count)`.as("total"))
      .where("profile_id", "in", recipients)
      .executeTakeFirstOrThrow();
    expect(Number(unread.total)).toBe(messages.length);
    // And the sender has read each conversation through its last message.
    const mine = await store.db
      .selectFrom("conversation_members")
      .select(["read_through", "hidden"])
      .select((eb) =>
        eb
          .selectFrom("messages")
          .select((inner) => inner.fn.max("messages.id").as("newest"))
          .whereRef("messages.conversation_id", "=", "conversation_members.conversation_id")
          .as("newest")
      )
      .where("profile_id", "=", sender.profileId)
      .execute();
    expect(mine.length).toBe(recipients.length);
    for (const row of mine) expect({ read_through: row.read_through, hidden: row.hidden }).toEqual({ read_through: row.newest, hidden: false });
  });
});
