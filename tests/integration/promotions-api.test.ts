import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, sessionCookie } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const HOUR = 3_600_000;

describe("the promotions' calls: /api/discountcode.php and /api/timebonus.php", () => {
  let server: TestServer;
  let drop: () => Promise<void>;

  const call = (pathname: string, { cookie, method = "GET", form }: { cookie?: string; method?: string; form?: Record<string, string> } = {}) =>
    requestAs(
      server.port,
      `${SITE}.localhost`,
      pathname,
      { "x-forwarded-for": visitorIp(), ...(cookie ? { cookie } : {}), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      { method, body: form ? new URLSearchParams(form).toString() : undefined },
    );
  const json = async (pathname: string, cookie?: string) => {
    const response = await call(pathname, { cookie });
    return { status: response.status, cache: response.headers["cache-control"], body: JSON.parse(response.body) as Record<string, unknown> };
  };

  async function signedIn(signedUpAgoMs?: number) {
    const member = await createMember(server, { siteId: SITE, signedUpAgoMs });
    return { ...member, cookie: (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header };
  }

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
    await server.store.db
      .insertInto("discount_codes")
      .values([
        { site_id: SITE, code: "LENTE15", percentage: 15, minimum_order_value: 1500, currency: "EUR", country: "NL", payment_methods: ["ideal"], validity: "unlimited", expires_at: new Date("2099-01-01T00:00:00Z") },
        { site_id: SITE, code: "OUD10", percentage: 10, expires_at: new Date(Date.now() - HOUR) },
        { site_id: "milf-de", code: "ANDERS", percentage: 10 },
      ])
      .execute();
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("answers a code in the §3 shape, privately", async () => {
    const member = await signedIn();
    const answer = await json("/api/discountcode.php?code=lente15", member.cookie);
    expect(answer.status).toBe(200);
    expect(answer.cache).toMatch(/private/);
    expect(answer.body.discount_code).toEqual({
      code: "LENTE15",
      value_percentage: 15,
      minimum_order_value: 1500,
      country: "NL",
      user_id: null,
      expires: "2099-01-01T00:00:00.000Z",
      currency: "EUR",
      status: "active",
      validity: "unlimited",
      expired: false,
      paymentmethods: ["ideal"],
    });
  });

  it("says why a code gives nothing, in the member's language: not found (another brand's too), expired", async () => {
    const member = await signedIn();
    expect(await json("/api/discountcode.php?code=BESTAATNIET", member.cookie)).toMatchObject({ status: 404, body: { error: "not_found", message: "Code niet gevonden" } });
    expect(await json("/api/discountcode.php?code=ANDERS", member.cookie)).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect(await json("/api/discountcode.php", member.cookie)).toMatchObject({ status: 404, body: { message: "Code niet gevonden" } });
    expect(await json("/api/discountcode.php?code=OUD10", member.cookie)).toMatchObject({ status: 410, body: { error: "expired", message: "Deze code is verlopen" } });
  });

  it("answers the welcome discount with its hours left, and not found-like failures once it is over", async () => {
    const fresh = await signedIn(5 * HOUR);
    const hours = server.sites.byId(SITE)!.welcome_discount_hours - 5;
    const answer = await json("/api/discountcode.php?welcome=true", fresh.cookie);
    expect(answer).toMatchObject({ status: 200, body: { discount_code: { code: "WELCOME25", value_percentage: 25, validity: "once-per-user", hours_left: hours } } });
    const old = await signedIn();
    expect((await json("/api/discountcode.php?welcome=true", old.cookie)).status).toBe(410);
  });

  it("answers the time bonus as the server's clock has it: visible with hh:mm:ss in the first four hours, then not", async () => {
    // An hour and a minute in: 2 h 59 min left.
    const fresh = await signedIn(HOUR + 60_000);
    const { body } = await json("/api/timebonus.php", fresh.cookie);
    const bonus = body.time_bonus as { isVisible: boolean; seconds_left: number; countdownTimer: Record<string, string>; code: string; value_percentage: number };
    expect(bonus).toMatchObject({ isVisible: true, code: "TIMEBONUS25", value_percentage: 25, status: "active", validity: "once-per-user" });
    expect(bonus.seconds_left).toBeGreaterThan(3 * 3600 - 120);
    expect(bonus.seconds_left).toBeLessThanOrEqual(3 * 3600 - 60);
    expect(bonus.countdownTimer.hours).toBe("02");
    expect(bonus.countdownTimer.minutes).toMatch(/^\d\d$/);
    const late = await signedIn(4 * HOUR + 1000);
    expect(await json("/api/timebonus.php", late.cookie)).toMatchObject({ body: { time_bonus: { isVisible: false, seconds_left: 0, countdownTimer: { hours: "00", minutes: "00", seconds: "00" } } } });
  });

  it("answers a visitor authentication_required, as every member call does", async () => {
    for (const path of ["/api/discountcode.php?code=LENTE15", "/api/timebonus.php"]) {
      const response = await call(path);
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ data: "authentication_required" });
    }
  });

  it("records the time-bonus popup's dismissal through the banners' form, and no made-up name", async () => {
    const member = await signedIn(HOUR);
    const dismissed = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "dismiss", banner: "time-bonus", reply: "data" } });
    expect(dismissed.status).toBe(200);
    const rows = await server.store.db.selectFrom("banner_dismissals").select("banner").where("account_id", "=", member.accountId).execute();
    expect(rows).toEqual([{ banner: "time-bonus" }]);
    const refused = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "dismiss", banner: "free-money", reply: "data" } });
    expect(refused.status).toBe(400);
  });
});
