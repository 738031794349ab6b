import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeCredits } from "../../server/credits/ledger";
import { likeWithin } from "../../server/likes/likes";
import { createMember, sessionCookie } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { queryTrace } from "../support/query-trace";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const HOST = `${SITE}.localhost`;

/**
 * What every signed-in tab polls (§9: /api/user.php, /api/likes.php, /api/chats.php and a page's
 * root data) and a chat send, counted in database statements per request through the real server.
 * The bounds are today's counts: a change that adds a round trip to these paths fails here.
 */
describe("round trips of the member API and a chat send", () => {
  const trace = queryTrace();
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url, onQuery: trace.onQuery });
    trace.attach(server.server);
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  async function signedIn(name: string) {
    const created = await createMember(server, { siteId: SITE, name });
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: created.accountId })).header;
    /** Sends one request and answers it with the statements it ran. */
    const call = async (method: string, pathname: string, body?: unknown) => {
      const { id, headers } = trace.header();
      const response = await requestAs(
        server.port,
        HOST,
        pathname,
        { cookie, "content-type": "application/json", "accept-language": "nl", ...headers },
        { method, body: body === undefined ? undefined : JSON.stringify(body) },
      );
      return { ...response, statements: trace.statements(id) };
    };
    return { ...created, cookie, call };
  }

  async function premium(member: { accountId: number }, credits: number) {
    await server.store.db.updateTable("accounts").set({ paid_user: true }).where("id", "=", member.accountId).execute();
    await changeCredits(server.store.db, { siteId: SITE, accountId: member.accountId, delta: credits, reason: "purchase", idempotencyKey: `test-${member.accountId}` });
  }

  it("answers /api/user.php from the session lookup alone", async () => {
    const ann = await signedIn("Ann");
    const user = await ann.call("GET", "/api/user.php");
    expect(user.status).toBe(200);
    expect(JSON.parse(user.body)).toMatchObject({ user: { profile: { id: ann.profileId, name: "Ann" } } });
    expect(user.statements).toHaveLength(1);
    expect(user.statements[0]).toContain('"sessions"');
  });

  it("answers /api/likes.php and /api/chats.php with one query after the session", async () => {
    const ann = await signedIn("Ann");
    const bob = await signedIn("Bob");
    await server.store.db.transaction().execute((tx) => likeWithin(tx, { pool: SITE, likerId: bob.profileId, likedId: ann.profileId }));
    await server.store.db.transaction().execute((tx) => likeWithin(tx, { pool: SITE, likerId: ann.profileId, likedId: bob.profileId }));
    await ann.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "count-chats-1", body: "Hoi" });

    const cleo = await signedIn("Cleo");
    await server.store.db.transaction().execute((tx) => likeWithin(tx, { pool: SITE, likerId: bob.profileId, likedId: cleo.profileId }));

    const likes = await bob.call("GET", "/api/likes.php");
    // Both lists, each newest first, from one query after the session.
    expect(JSON.parse(likes.body)).toMatchObject({ profiles: [{ id: cleo.profileId }, { id: ann.profileId }], liked_by: [{ id: ann.profileId, like_new: true }] });
    expect(likes.statements).toHaveLength(2);

    const chats = await bob.call("GET", "/api/chats.php");
    expect(JSON.parse(chats.body)).toMatchObject({ chats: [{ profile: { id: ann.profileId }, num_unread_messages: 1 }] });
    expect(chats.statements).toHaveLength(2);
  });

  it("reads a signed-in page's badges and banners in one query beside the session", async () => {
    const ann = await signedIn("Ann");
    const root = await ann.call("GET", "/likes.data?_routes=root");
    expect(root.status).toBe(200);
    expect(root.statements.length).toBeLessThanOrEqual(2);
  });

  it("sends a message in a conversation in as few statements as its guarantees allow", async () => {
    const ann = await signedIn("Ann");
    const bob = await signedIn("Bob");
    await premium(ann, 100);
    const first = await ann.call("POST", "/api/chat.php", { profile: bob.profileId, client_id: "count-send-first", body: "Hoi Bob" });
    expect(first.status).toBe(200);
    const { message, credits } = JSON.parse(first.body) as { message: { conversation_id: number }; credits: number };

    const next = await ann.call("POST", "/api/chat.php", { conversation: message.conversation_id, client_id: "count-send-next", body: "Nog een" });
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body)).toMatchObject({ credits: credits - 10, duplicate: false });
    // The session, then begin; the locks; what the rules read; the charge and the message; commit.
    expect(next.statements).toHaveLength(6);
    expect(next.statements.filter((statement) => statement.includes("for update"))).toHaveLength(1);
    // A first message opens its conversation in one more.
    expect(first.statements).toHaveLength(7);
  });
});
