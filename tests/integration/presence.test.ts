import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOnline, ONLINE_MS } from "../../server/presence/presence";
import { SEEN_EVERY_MS } from "../../server/presence/tracker";
import { decodeCursor, searchMembers } from "../../server/search/search";
import { createMember, sessionCookie } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { EventStream } from "../support/event-stream";
import { queryTrace } from "../support/query-trace";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const HOST = `${SITE}.localhost`;

/** Presence (issue 19 item 5): the page-hidden beacon, last-seen written at most once a minute, online state and the "recently online" order. */
describe("presence", () => {
  const trace = queryTrace();
  /** Every statement that wrote a last-seen time, whichever request or timer sent it. */
  const lastSeenWrites: string[] = [];
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({
      databaseUrl: database.url,
      onQuery: (event) => {
        trace.onQuery(event);
        if (event.level === "query" && /^update "?profiles"? set "?last_seen_at"?/i.test(event.query.sql.trim())) lastSeenWrites.push(event.query.sql);
      },
    });
    trace.attach(server.server);
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  async function signedIn(name: string) {
    const created = await createMember(server, { siteId: SITE, name });
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: created.accountId })).header;
    const ip = visitorIp();
    const call = async (method: string, pathname: string, { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {}) => {
      const traced = trace.header();
      const response = await requestAs(server.port, `${HOST}:${server.port}`, pathname, { cookie, "x-forwarded-for": ip, ...traced.headers, ...headers }, { method, body });
      return { ...response, statements: trace.statements(traced.id) };
    };
    const hide = (headers: Record<string, string> = {}, body = "{}") =>
      call("POST", "/api/page-hidden.php", { body, headers: { "content-type": "application/json", origin: server.origin(SITE), ...headers } });
    const presence = () =>
      server.store.db.selectFrom("profiles").select(["last_seen_at", "hidden_at"]).where("id", "=", created.profileId).executeTakeFirstOrThrow();
    return { ...created, cookie, call, hide, presence };
  }

  it("writes last seen at most once a minute, never in the request itself", async () => {
    const ann = await signedIn("Ann");
    await server.services.presence.flush();
    lastSeenWrites.length = 0;
    expect((await ann.presence()).last_seen_at).toBeNull();

    for (let n = 0; n < 5; n += 1) {
      const user = await ann.call("GET", "/api/user.php");
      expect(user.status).toBe(200);
      // The session lookup only: the sign of life waits in memory.
      expect(user.statements).toHaveLength(1);
    }
    await server.services.presence.flush();
    expect(lastSeenWrites).toHaveLength(1);
    const seen = (await ann.presence()).last_seen_at;
    expect(seen).toBeInstanceOf(Date);
    expect(Date.now() - seen!.getTime()).toBeLessThan(60_000);

    // Within the minute, requests write nothing more.
    for (let n = 0; n < 5; n += 1) await ann.call("GET", "/api/user.php");
    await server.services.presence.flush();
    expect(lastSeenWrites).toHaveLength(1);

    // A minute later, the next request is written again.
    await server.store.db.updateTable("profiles").set({ last_seen_at: new Date(Date.now() - SEEN_EVERY_MS - 1_000) }).where("id", "=", ann.profileId).execute();
    await ann.call("GET", "/api/user.php");
    await server.services.presence.flush();
    expect(lastSeenWrites).toHaveLength(2);
  });

  it("records the page-hidden beacon, and the member is no longer online until they come back", async () => {
    const bob = await signedIn("Bob");
    await bob.call("GET", "/api/user.php");
    await server.services.presence.flush();
    expect(await isOnline(server.services, { accountId: bob.accountId })).toBe(true);

    const hidden = await bob.hide();
    expect(hidden.status).toBe(204);
    expect((await bob.presence()).hidden_at).toBeInstanceOf(Date);
    await server.services.presence.flush();
    // The beacon itself is no sign of life, nor is the page-bounce beacon the same tab sends as it goes (on a page opened with lb).
    expect(await isOnline(server.services, { accountId: bob.accountId })).toBe(false);
    const bounce = await bob.call("POST", "/api/page-bounce?lb", {
      body: JSON.stringify({ path: "/members", ms: 1_000, wentOn: false }),
      headers: { "content-type": "application/json", origin: server.origin(SITE) },
    });
    expect(bounce.status).toBe(204);
    await server.services.presence.flush();
    expect(await isOnline(server.services, { accountId: bob.accountId })).toBe(false);

    // Back on the tab: the next request counts, though the last write is not a minute old.
    await bob.call("GET", "/api/user.php");
    expect(await isOnline(server.services, { accountId: bob.accountId })).toBe(true);
    await server.services.presence.flush();
    const { last_seen_at: lastSeen, hidden_at: hiddenAt } = await bob.presence();
    expect(lastSeen!.getTime()).toBeGreaterThan(hiddenAt!.getTime());
  });

  it("counts a member as online while an event stream is open, and not after ONLINE_MS without a sign of life", async () => {
    const cleo = await signedIn("Cleo");
    const stream = new EventStream({ port: server.port, host: `${HOST}:${server.port}`, headers: { cookie: cleo.cookie } });
    try {
      await stream.opened();
      await cleo.hide();
      await server.store.db.updateTable("profiles").set({ last_seen_at: new Date(Date.now() - ONLINE_MS - 60_000) }).where("id", "=", cleo.profileId).execute();
      expect(await isOnline(server.services, { accountId: cleo.accountId })).toBe(true);
    } finally {
      stream.close();
    }
    await expect.poll(() => server.services.presence.hasStream(cleo.profileId)).toBe(false);
    // The stream's heartbeat is written; then ONLINE_MS pass without a sign of life.
    await server.services.presence.flush();
    await server.store.db.updateTable("profiles").set({ last_seen_at: new Date(Date.now() - ONLINE_MS - 60_000) }).where("id", "=", cleo.profileId).execute();
    expect(await isOnline(server.services, { accountId: cleo.accountId })).toBe(false);
  });

  it("refuses a beacon from another site, one that is not JSON, one too large, and one without a session", async () => {
    const dan = await signedIn("Dan");
    const foreign = await dan.hide({ origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ error: "cross_site_request" });
    expect(await dan.hide({ "content-type": "text/plain" })).toMatchObject({ status: 415 });
    const large = await dan.hide({}, JSON.stringify({ padding: "x".repeat(70 * 1024) }));
    expect(large.status).toBe(413);
    expect((await dan.presence()).hidden_at).toBeNull();

    const anonymous = await requestAs(server.port, `${HOST}:${server.port}`, "/api/page-hidden.php", { "content-type": "application/json", origin: server.origin(SITE) }, { method: "POST", body: "{}" });
    expect(anonymous.status).toBe(403);
    expect(JSON.parse(anonymous.body)).toEqual({ data: "authentication_required" });
  });

  it("orders search by the last sign of life, keyset-paged, newest first", async () => {
    const viewer = await signedIn("Viewer");
    const names = ["Early", "Latest", "Never", "Middle"];
    const members = [];
    for (const name of names) members.push(await signedIn(`${name}`));
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const seen: Record<string, Date | null> = { Early: minutesAgo(300), Latest: minutesAgo(1), Never: null, Middle: minutesAgo(30) };
    for (const member of members) {
      // The others signed up a month ago, the never-seen one just now: they still sort last.
      await server.store.db
        .updateTable("profiles")
        .set({ last_seen_at: seen[member.name] ?? null, gender: "female", created_at: member.name === "Never" ? new Date() : minutesAgo(30 * 24 * 60) })
        .where("id", "=", member.profileId)
        .execute();
    }
    const site = server.sites.resolveHost(HOST)!;
    const ours = new Set(members.map((member) => member.profileId));
    const search = (cursor?: Parameters<typeof searchMembers>[1]["cursor"]) =>
      searchMembers(server.store.db, { site, viewerProfileId: viewer.profileId, today: new Date().toISOString().slice(0, 10), filters: { min_age: 18, max_age: 99, order: "online" }, cursor, pageSize: 2 });
    const order: string[] = [];
    let cursor: Parameters<typeof searchMembers>[1]["cursor"];
    for (let pages = 0; pages < 100; pages += 1) {
      const page = await search(cursor);
      order.push(...page.results.filter((card) => ours.has(card.id)).map((card) => card.name));
      if (!page.next) break;
      cursor = decodeCursor(page.next, "after");
    }
    expect(order, JSON.stringify(order)).toEqual(["Latest", "Middle", "Early", "Never"]);

    // Through the page: the tab's link, and the cards' labels.
    const page = await viewer.call("GET", "/members.data?order=online");
    expect(page.status).toBe(200);
    const shown = [...page.body.matchAll(/"(Latest|Middle|Early|Never)"/g)].map((match) => match[1]);
    expect([...new Set(shown)]).toEqual(["Latest", "Middle", "Early", "Never"]);
  });
});
