import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { changeCredits } from "../../server/credits/ledger";
import { createMember, sessionCookie } from "./accounts";
import { freshDatabaseUrl } from "./databases";
import { EventStream } from "./event-stream";
import { requestAs, startTestServer, testRedisPrefix, type TestServer } from "./test-server";

export const SITE_ID = "flirt-nl";

/** The real-stores project runs on the machine's PostgreSQL and Redis; without them it is an error, not a skip. */
export function realStores(): { databaseUrl: string; redisUrl: string } {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) throw new Error("the real-stores tests need DATABASE_URL and REDIS_URL (scripts/test.sh sets them when both answer)");
  return { databaseUrl, redisUrl };
}

/**
 * Two app instances as a deployment runs them: one fresh PostgreSQL database, one Redis and one
 * prefix (so they hear each other's events), one data folder (so they share the cookie secret).
 */
export async function twoInstances({ redisUrl = realStores().redisUrl, env }: { redisUrl?: string; env?: Record<string, string> } = {}) {
  const database = await freshDatabaseUrl();
  const redisPrefix = testRedisPrefix();
  const first = await startTestServer({ databaseUrl: database.url, redisUrl, redisPrefix, env });
  const second = await startTestServer({ databaseUrl: database.url, redisUrl, redisPrefix, dataDir: first.dataDir, sitesDir: first.sitesDir, env });
  return {
    instances: [first, second] as const,
    stop: async () => {
      await Promise.allSettled([first.stop(), second.stop()]);
      await database.drop();
    },
  };
}

export type ChatMember = { accountId: number; profileId: number; cookie: string };

/** A confirmed member, premium with `credits` on the ledger when asked, and a session cookie. */
export async function chatMember(server: TestServer, { premiumCredits }: { premiumCredits?: number } = {}): Promise<ChatMember> {
  const member = await createMember(server, { siteId: SITE_ID });
  if (premiumCredits !== undefined) {
    const db = server.store.db;
    await db.transaction().execute(async (tx) => {
      await tx.updateTable("accounts").set({ paid_user: true }).where("id", "=", member.accountId).execute();
      const { credits } = await tx.selectFrom("accounts").select("credits").where("id", "=", member.accountId).forUpdate().executeTakeFirstOrThrow();
      await changeCredits(tx, {
        siteId: SITE_ID,
        accountId: member.accountId,
        delta: premiumCredits - credits,
        reason: "adjustment",
        idempotencyKey: "test-balance",
      });
    });
  }
  const { header } = await sessionCookie(server, { siteId: SITE_ID, accountId: member.accountId });
  return { accountId: member.accountId, profileId: member.profileId, cookie: header };
}

export type SendReply = {
  status: number;
  ms: number;
  clientId: string;
  body: string;
  json: { message?: { id: number; body: string }; credits?: number; duplicate?: boolean; error?: string };
};

/** POST /api/chat.php as the member's browser would, on one instance. */
export async function sendChat(server: TestServer, from: ChatMember, to: ChatMember, body: string, clientId = randomUUID()): Promise<SendReply> {
  const started = performance.now();
  const reply = await requestAs(
    server.port,
    `${SITE_ID}.localhost:${server.port}`,
    "/api/chat.php",
    { cookie: from.cookie, "content-type": "application/json" },
    { method: "POST", body: JSON.stringify({ profile: to.profileId, client_id: clientId, body }) }
  );
  return { status: reply.status, ms: performance.now() - started, clientId, body, json: JSON.parse(reply.body) as SendReply["json"] };
}

/** The member's event stream on one instance. */
export function openStream(server: TestServer, member: ChatMember, options: { lastEventId?: string; retryMs?: number } = {}): EventStream {
  return new EventStream({ port: server.port, host: `${SITE_ID}.localhost:${server.port}`, headers: { cookie: member.cookie }, ...options });
}

/** How often each message id arrived on a stream (or on one of its connections). */
export function arrivals(stream: EventStream, connection?: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const event of stream.events) {
    if (event.event !== "message" || (connection !== undefined && event.connection !== connection)) continue;
    const id = (JSON.parse(event.data) as { message: { id: number } }).message.id;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
