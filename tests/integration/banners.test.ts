import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dismissBanner, dismissedBanners } from "../../server/banners/dismissals";
import { EnvError } from "../../server/env";
import { pushSubscriptionsOf } from "../../server/push/subscriptions";
import { vapidKeys } from "../../server/push/vapid";
import { createMember, sessionCookie } from "../support/accounts";
import { text } from "../support/catalog";
import { freshDatabaseUrl } from "../support/databases";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";

describe("banners and push subscriptions", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const db = () => server.store.db;

  /** A request to the brand, as a signed-in member when a cookie is given. */
  const call = (pathname: string, { method = "GET", cookie, form, json }: { method?: string; cookie?: string; form?: Record<string, string>; json?: unknown } = {}) =>
    requestAs(
      server.port,
      `${SITE}.localhost`,
      pathname,
      {
        "x-forwarded-for": visitorIp(),
        ...(cookie ? { cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
      },
      { method, body: form ? new URLSearchParams(form).toString() : json !== undefined ? JSON.stringify(json) : undefined },
    );

  async function signedIn() {
    const member = await createMember(server, { siteId: SITE });
    return { ...member, cookie: (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header };
  }

  const subscription = (endpoint: string) => ({
    subscription: { endpoint, expirationTime: null, keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" } },
  });

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  describe("dismissals", () => {
    it("are stored with their time per account, and dismissing again restarts the time", async () => {
      const one = await createMember(server, { siteId: SITE });
      const other = await createMember(server, { siteId: SITE });
      const before = Date.now();
      await dismissBanner(db(), { accountId: one.accountId, banner: "photo" });
      const first = await dismissedBanners(db(), one.accountId);
      expect(Object.keys(first)).toEqual(["photo"]);
      expect(Date.parse(first.photo!)).toBeGreaterThanOrEqual(before - 1_000);
      expect(await dismissedBanners(db(), other.accountId)).toEqual({});

      await db().updateTable("banner_dismissals").set({ dismissed_at: new Date("2020-01-01T00:00:00Z") }).where("account_id", "=", one.accountId).execute();
      await dismissBanner(db(), { accountId: one.accountId, banner: "photo" });
      expect(Date.parse((await dismissedBanners(db(), one.accountId)).photo!)).toBeGreaterThanOrEqual(before - 1_000);
    });

    it("POST /api/banners.php as a plain form stores it and goes back to the page it came from", async () => {
      const member = await signedIn();
      const response = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "dismiss", banner: "push", redirectTo: "/likes?tab=1" } });
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/likes?tab=1");
      expect(Object.keys(await dismissedBanners(db(), member.accountId))).toEqual(["push"]);
    });

    it("never goes back to another site", async () => {
      const member = await signedIn();
      for (const redirectTo of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
        const response = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "dismiss", banner: "photo", redirectTo } });
        expect(response.headers.location).toBe("/");
      }
    });

    it("answers data to the banners' script", async () => {
      const member = await signedIn();
      const response = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "dismiss", banner: "notifications", reply: "data" } });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ dismissed: "notifications" });
    });

    it("refuses an unknown banner, and the activation reminder, with a clear message and stores nothing", async () => {
      const member = await signedIn();
      for (const banner of ["cookies", "activation"]) {
        const response = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "dismiss", banner, reply: "data" } });
        expect(response.status).toBe(400);
        expect(JSON.parse(response.body)).toEqual({ error: "unknown_banner", message: text("nl", "banners:errors.unknown", { name: banner }) });
      }
      const plain = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "dismiss", banner: "cookies" } });
      expect(plain.status).toBe(400);
      expect(plain.body).toBe(text("nl", "banners:errors.unknown", { name: "cookies" }));
      expect(await dismissedBanners(db(), member.accountId)).toEqual({});
    });

    it("needs a signed-in member, and a POST", async () => {
      const response = await call("/api/banners.php", { method: "POST", form: { intent: "dismiss", banner: "photo" } });
      expect(response.status).toBe(403);
      expect((await call("/api/banners.php")).status).toBe(405);
    });
  });

  it("turns e-mail notifications on again for the member only", async () => {
    const member = await signedIn();
    const other = await createMember(server, { siteId: SITE });
    await db().updateTable("accounts").set({ notifications_disabled: ["bounce", "spam"] }).where("id", "in", [member.accountId, other.accountId]).execute();
    const response = await call("/api/banners.php", { method: "POST", cookie: member.cookie, form: { intent: "notifications-on", reply: "data" } });
    expect(JSON.parse(response.body)).toEqual({ notificationsOn: true });
    const rows = await db().selectFrom("accounts").select(["id", "notifications_disabled"]).where("id", "in", [member.accountId, other.accountId]).orderBy("id").execute();
    expect(rows.map((row) => row.notifications_disabled)).toEqual([[], ["bounce", "spam"]]);
  });

  it("sends the activation link again for an unconfirmed member", async () => {
    const member = await createMember(server, { siteId: SITE, confirmed: false });
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header;
    const response = await call("/api/banners.php", { method: "POST", cookie, form: { intent: "activation", reply: "data" } });
    const answer = JSON.parse(response.body) as { activation: { sent: boolean; message: string } };
    expect(answer.activation.message).toMatch(/^account:activation\.(resent|queued)$/);
  });

  describe("push subscriptions", () => {
    it("are stored for the member, and an endpoint moves to the account that subscribes it last", async () => {
      const first = await signedIn();
      const second = await signedIn();
      const endpoint = `https://push.example.com/send/${first.accountId}`;
      const stored = await call("/api/user.php?push=1", { method: "POST", cookie: first.cookie, json: subscription(endpoint) });
      expect(stored.status).toBe(200);
      expect(JSON.parse(stored.body)).toEqual({ subscribed: true });
      expect((await pushSubscriptionsOf(db(), first.accountId)).map((row) => row.endpoint)).toEqual([endpoint]);

      await call("/api/user.php?push=1", { method: "POST", cookie: second.cookie, json: subscription(endpoint) });
      expect(await pushSubscriptionsOf(db(), first.accountId)).toEqual([]);
      expect((await pushSubscriptionsOf(db(), second.accountId)).map((row) => row.endpoint)).toEqual([endpoint]);
      const count = await db().selectFrom("push_subscriptions").select(db().fn.countAll<string>().as("n")).where("endpoint", "=", endpoint).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it("refuses an endpoint that is not https, or a subscription without keys", async () => {
      const member = await signedIn();
      const plain = await call("/api/user.php?push=1", { method: "POST", cookie: member.cookie, json: subscription("http://push.example.com/x") });
      expect(plain.status).toBe(400);
      expect(JSON.parse(plain.body)).toMatchObject({ error: "endpoint_refused", message: text("nl", "banners:pushEndpoint.refused") });
      const keyless = await call("/api/user.php?push=1", { method: "POST", cookie: member.cookie, json: { subscription: { endpoint: "https://push.example.com/y" } } });
      expect(keyless.status).toBe(400);
      expect(JSON.parse(keyless.body)).toMatchObject({ error: "invalid_subscription", message: text("nl", "banners:push.invalid") });
      expect(await pushSubscriptionsOf(db(), member.accountId)).toEqual([]);
    });

    it("needs a signed-in member", async () => {
      const response = await call("/api/user.php?push=1", { method: "POST", json: subscription("https://push.example.com/z") });
      expect(response.status).toBe(403);
    });
  });

  it("gives every brand the deployment's push public key in the settings", async () => {
    const settings = JSON.parse((await call("/api/settings.php")).body) as { push_public_key: string };
    expect(settings.push_public_key).toBe(server.services.vapid.publicKey);
    expect(settings.push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("serves the push service worker for the whole site, never cached stale", async () => {
    const response = await call("/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(response.headers["service-worker-allowed"]).toBe("/");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain('addEventListener("push"');
    expect(response.body).toContain('addEventListener("notificationclick"');
  });

  describe("VAPID keys", () => {
    it("are made once into DATA_DIR outside production, and kept", async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "amora-vapid-"));
      const made = await vapidKeys({}, { dataDir, production: false });
      expect(made.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(await vapidKeys({}, { dataDir, production: false })).toEqual(made);
      expect(JSON.parse(await readFile(path.join(dataDir, "vapid-keys.json"), "utf8"))).toEqual(made);
    });

    it("come from the environment when set, and must in production", async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "amora-vapid-"));
      const configured = { publicKey: "B".repeat(87), privateKey: "p".repeat(43) };
      expect(await vapidKeys(configured, { dataDir, production: true })).toEqual(configured);
      await expect(vapidKeys({}, { dataDir, production: true })).rejects.toThrow(EnvError);
    });
  });
});
