import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { landerConversions } from "../../server/analytics/lander-stats";
import { openStore } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { createMember, linkIn, sessionCookie, uniqueEmail, waitForMail } from "../support/accounts";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addSite } from "../support/store-fixtures";
import { requestAs, startTestServer, visitorIp, type PlainResponse, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const JSON_TYPE = { "content-type": "application/json" };
const today = () => new Date().toISOString().slice(0, 10);

/** Conversion numbers per lander (issue 20 item 7): the landed page's beacon, the lander kept on the account, and the numbers read back. */
describe("lander conversions", () => {
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  const host = () => `${SITE}.localhost:${server.port}`;
  const beacon = (query: string, landedPath: string, headers: Record<string, string> = {}) =>
    requestAs(server.port, host(), `/api/lander-visit${query}`, { ...JSON_TYPE, origin: server.origin(SITE), "x-forwarded-for": visitorIp(), ...headers }, { method: "POST", body: JSON.stringify({ path: landedPath }) });
  const landerCookieOf = (response: PlainResponse) => {
    const set = ([] as string[]).concat(response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("lander="));
    return set?.split(";")[0];
  };
  const visits = async (design: string, network = "") => {
    await server.services.landerVisits.flush();
    const row = await server.store.db
      .selectFrom("lander_visits")
      .select("visits")
      .where("site_id", "=", SITE)
      .where("day", "=", today())
      .where("design", "=", design)
      .where("network", "=", network)
      .executeTakeFirst();
    return row?.visits ?? 0;
  };

  it("counts a landed page once per visit, with the traffic source of its address, and remembers the lander", async () => {
    const first = await beacon("?network=adnet&ref=spring", "/landers/gallery/nl");
    expect(first.status).toBe(204);
    const remembered = landerCookieOf(first);
    expect(remembered).toMatch(/^lander=gallery%2Fnl%2F\d+$/);
    expect(await visits("gallery", "adnet")).toBe(1);

    // A reload within the visit is the same visit; another lander, or the same one after half an hour, is a new one.
    await beacon("?network=adnet", "/landers/gallery/nl", { cookie: remembered! });
    expect(await visits("gallery", "adnet")).toBe(1);
    const hourAgo = Math.floor(Date.now() / 1000) - 3_600;
    await beacon("?network=adnet", "/landers/gallery/nl", { cookie: `lander=gallery%2Fnl%2F${hourAgo}` });
    expect(await visits("gallery", "adnet")).toBe(2);
    await beacon("", "/landers/video/nl", { cookie: remembered! });
    expect(await visits("video")).toBe(1);
    await beacon("", "/landers/tinderswipe");
    await beacon("", "/members/12/landing2/nl");
    expect([await visits("tinderswipe"), await visits("member-landing2")]).toEqual([1, 1]);
  });

  it("counts no crawler and no member, and refuses what is not one of this brand's landers", async () => {
    const crawler = await beacon("?network=bots", "/landers/iconslanding/nl", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect([crawler.status, landerCookieOf(crawler)]).toEqual([204, undefined]);
    const member = await createMember(server, { siteId: SITE });
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header;
    expect((await beacon("?network=bots", "/landers/iconslanding/nl", { cookie })).status).toBe(204);
    expect(await visits("iconslanding", "bots")).toBe(0);

    // Another brand's or language's slug, a lander without its slug, a page that is no lander, a bad body.
    for (const landedPath of ["/landers/gallery/milf-de", "/landers/gallery/fr", "/landers/gallery", "/landers/nope/nl", "/members", "https://evil.example/landers/gallery/nl"]) {
      expect((await beacon("", landedPath)).status, landedPath).toBe(400);
    }
    const foreign = await beacon("", "/landers/gallery/nl", { origin: "https://attacker.example" });
    expect(foreign.status).toBe(403);
    // The body limits of every write: a beacon is a path, not megabytes.
    const tooBig = await requestAs(
      server.port,
      host(),
      "/api/lander-visit",
      { ...JSON_TYPE, origin: server.origin(SITE), "x-forwarded-for": visitorIp() },
      { method: "POST", body: JSON.stringify({ path: "/landers/gallery/nl", padding: "a".repeat(2 * 1024 * 1024) }) },
    );
    expect(tooBig.status).toBe(413);
    expect(await visits("gallery")).toBe(0);
  });

  it("keeps the lander and source on the account signed up in the visit, and counts its activation and first purchase", async () => {
    const landed = await beacon("?network=mailnet", "/landers/collagelanding/nl");
    const email = uniqueEmail("lander");
    const signup = await requestAs(
      server.port,
      host(),
      "/signup",
      { "content-type": "application/x-www-form-urlencoded", origin: server.origin(SITE), "x-forwarded-for": visitorIp(), cookie: `${landerCookieOf(landed)}; tracking=network%3Dmailnet` },
      { method: "POST", body: new URLSearchParams({ email, name: "Robin", date_of_birth: "1988-08-08", password: "a good password", gender: "male", looking_for: "women", special_consent: "on" }).toString() },
    );
    expect(signup.status).toBe(302);
    const account = await server.store.db.selectFrom("accounts").select(["id", "lander_design", "lander_slug", "tracking"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ lander_design: "collagelanding", lander_slug: "nl", tracking: { network: "mailnet" } });

    await server.services.landerVisits.flush();
    const numbers = async () => (await landerConversions(server.store.db, { since: today(), siteId: SITE })).find((row) => row.design === "collagelanding");
    expect(await numbers()).toEqual({ siteId: SITE, design: "collagelanding", slug: "nl", source: "mailnet", visits: 1, signups: 1, activations: 0, firstPurchases: 0 });

    const activation = new URL(linkIn(await waitForMail(server, email)));
    expect((await requestAs(server.port, host(), activation.pathname + activation.search, { "x-forwarded-for": visitorIp() })).status).toBe(302);
    expect((await numbers())?.activations).toBe(1);

    // An order left open is no purchase; a paid one is, once, however many follow.
    const payment = (status: "open" | "paid", orderKey: string) => ({
      site_id: SITE, account_id: account.id, package: "p1", credits: 50, amount: 1_995, currency: "EUR", method: "ideal", provider: "test",
      status, order_key: orderKey, expires_at: new Date(Date.now() + 3_600_000), paid_at: status === "paid" ? new Date() : null,
    });
    await server.store.db.insertInto("payments").values(payment("open", `lander-open-${account.id}`)).execute();
    expect((await numbers())?.firstPurchases).toBe(0);
    await server.store.db.insertInto("payments").values([payment("paid", `lander-paid-${account.id}`), payment("paid", `lander-again-${account.id}`)]).execute();
    expect((await numbers())?.firstPurchases).toBe(1);
    // Another brand's numbers are its own.
    expect(await landerConversions(server.store.db, { since: today(), siteId: "bbw-us" })).toEqual([]);
  });
});

/** `npm run landers -- --stats` (the built command) on a store of its own. */
describe("the landers command's numbers", () => {
  let databaseUrl: string | undefined;
  let dataDir: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    ({ url: databaseUrl, drop } = database);
    dataDir = await freshDataDir("lander-stats", databaseUrl);
    const store = await openStore({ databaseUrl, dataDir });
    await migrate(store);
    await addSite(store, "flirt-nl");
    await store.db.insertInto("lander_visits").values({ site_id: "flirt-nl", day: today(), design: "gallery", slug: "nl", network: "adnet", visits: 40 }).execute();
    await store.db.insertInto("lander_visits").values({ site_id: "flirt-nl", day: "2020-01-01", design: "video", slug: "nl", network: "", visits: 7 }).execute();
    await store.close();
  });
  afterAll(async () => {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const landers = async (...args: string[]) => {
    try {
      const { DATABASE_URL: _theTestRunsOwn, ...inherited } = process.env;
      const env = { ...inherited, SITES_DIR: "sites", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
      const { stdout } = await promisify(execFile)(process.execPath, ["build/landers.js", ...args], { env });
      return { code: 0, stdout, stderr: "" };
    } catch (error) {
      return error as { code: number; stdout: string; stderr: string };
    }
  };

  it("prints each lander's visits and conversions over the days asked for, and refuses a bad number of days", async () => {
    const { code, stdout } = await landers("--stats", "--site", "flirt-nl", "--days", "7");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^FlirtNL \(flirt-nl\): 7 days from \d{4}-\d{2}-\d{2} \(UTC\)$/m);
    expect(stdout).toMatch(/^ {2}design +slug +source +visits +signups +activated +bought +signups\/visits$/m);
    expect(stdout).toMatch(/^ {2}gallery +nl +adnet +40 +0 +0 +0 +0\.0 %$/m);
    expect(stdout).not.toMatch(/^ {2}video/m);
    const empty = await landers("--stats", "--site", "bbw-us");
    expect(empty.stdout).toContain("no lander visits or signups in these days");
    const bad = await landers("--stats", "--days", "0");
    expect([bad.code, bad.stderr.trim()]).toEqual([2, '--days takes a whole number of days from 1 to 3660, not "0".']);
  });
});
