import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

/**
 * The payment actions pass the rules every route passes (docs/security.md): the body limits before
 * any parsing, the origin check for writes, and redirects that stay on the site whatever a form
 * names. Each hostile request leaves no payment, payment event or balance change behind.
 */
describe("the payment actions under the shared request rules", () => {
  const SITE = "flirt-nl";
  const FORM = "application/x-www-form-urlencoded";
  /** Past the 16,000 bytes one value may hold. */
  const OVERSIZED = "a".repeat(17_000);
  let server: TestServer;
  let drop: () => Promise<void>;
  let cookie: string;
  let accountId: number;
  let checkoutPath: string;

  const host = () => `${SITE}.localhost:${server.port}`;
  const post = (pathname: string, body: string, headers: Record<string, string> = {}) =>
    requestAs(server.port, host(), pathname, { cookie, "content-type": FORM, origin: server.origin(SITE), "x-forwarded-for": visitorIp(), ...headers }, { method: "POST", body });

  /** What a hostile request could have written. */
  const written = async () => {
    const [payments, events, account] = await Promise.all([
      server.store.db.selectFrom("payments").select((eb) => eb.fn.countAll<number>().as("n")).where("account_id", "=", accountId).executeTakeFirstOrThrow(),
      server.store.db.selectFrom("payment_events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      server.store.db.selectFrom("accounts").select(["credits", "paid_user"]).where("id", "=", accountId).executeTakeFirstOrThrow(),
    ]);
    return { payments: Number(payments.n), events: Number(events.n), ...account };
  };

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
    const member = await createMember(server, { siteId: SITE });
    accountId = member.accountId;
    cookie = (await sessionCookie(server, { siteId: SITE, accountId })).header;
    // One honest order, whose checkout page the test provider's action is tried on.
    const order = await post("/credits/p1/creditcard", `method=creditcard&order_key=${randomUUID()}`);
    expect(order.status).toBe(302);
    checkoutPath = new URL(String(order.headers.location)).pathname;
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  const actions = () => [
    { name: "order", path: "/credits/p1/ideal", body: `method=ideal&issuer_ideal=ideal_INGBNL2A&order_key=${randomUUID()}` },
    { name: "repeat order", path: "/credits/repeat-order", body: `order_key=${randomUUID()}` },
    { name: "test checkout", path: checkoutPath, body: "outcome=paid" },
    { name: "webhook", path: "/payments/webhook/test", body: "payment_id=1&reference=tst_x&status=paid&amount=1995&currency=EUR" },
  ];

  it("refuses an oversized body (413) and a field past its limit (400) before any action runs", async () => {
    const before = await written();
    for (const action of actions()) {
      const tooLong = await post(action.path, `${action.body}&pad=${OVERSIZED}`);
      expect(tooLong.status, action.name).toBe(400);
      const tooBig = await post(action.path, `${action.body}${`&pad=${"a".repeat(10_000)}`.repeat(8)}`);
      expect(tooBig.status, action.name).toBe(413);
    }
    expect(await written()).toEqual(before);
  });

  it("refuses a foreign Origin, another brand's, Origin: null and a cross-site Sec-Fetch-Site with 403", async () => {
    const before = await written();
    for (const action of actions()) {
      expect((await post(action.path, action.body, { origin: "https://evil.example" })).status, action.name).toBe(403);
      expect((await post(action.path, action.body, { origin: server.origin("milf-de") })).status, action.name).toBe(403);
      expect((await post(action.path, action.body, { origin: "null" })).status, action.name).toBe(403);
      const crossSite = await requestAs(server.port, host(), action.path, { cookie, "content-type": FORM, "sec-fetch-site": "cross-site" }, { method: "POST", body: action.body });
      expect(crossSite.status, action.name).toBe(403);
    }
    expect(await written()).toEqual(before);
  });

  it("redirects only on the site (or to the provider's checkout), whatever a redirect field names", async () => {
    const hostile = "&redirectTo=https%3A%2F%2Fevil.example&returnUrl=%2F%2Fevil.example&next=https%3A%2F%2Fevil.example";
    for (const action of actions()) {
      const answer = await post(action.path, `${action.body}${hostile}`);
      const location = answer.headers.location;
      if (location === undefined) continue;
      expect(new URL(String(location), server.origin(SITE)).origin, action.name).toBe(server.origin(SITE));
    }
    // The honest order and checkout did redirect: to the test checkout, then back to the return page.
    expect(checkoutPath).toMatch(/^\/payments\/test-checkout\/tst_/);
  });
});
