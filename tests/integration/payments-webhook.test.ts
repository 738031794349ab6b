import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentStatus } from "../../server/db/schema";
import { readEnv } from "../../server/env";
import { PaymentConfigError } from "../../server/payments/providers";
import { startServer } from "../../server/start";
import { signTestWebhook } from "../../server/payments/test-provider";
import { createMember, sessionCookie } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { copyDemoSites } from "../support/site-fixtures";
import { productionSecrets, requestAs, startTestServer, type TestServer } from "../support/test-server";
import { balancesOffLedger } from "../../server/credits/ledger";

const SECRET = "webhook-test-secret-0123456789abcdef";
const NL = "flirt-nl.localhost";
const US = "bbw-us.localhost";

type Payment = { id: number; reference: string; accountId: number; amount: number; currency: string; credits: number };

describe("payment webhooks over HTTP: hostile deliveries change nothing, honest ones change the balance once", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const lines: { level: number; msg: string; reason?: string }[] = [];
  let counter = 0;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
    });
    server = await startTestServer({ databaseUrl: database.url, log: pino({ level: "info" }, stream), env: { TEST_PAYMENTS_SECRET: SECRET } });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  /** A member of the brand with an open payment for its p1 package, as an order leaves it. */
  async function order(siteId = "flirt-nl"): Promise<Payment> {
    counter += 1;
    const site = server.sites.byId(siteId)!;
    const member = await createMember(server, { siteId });
    const currency = site.currencies[site.default_country as keyof typeof site.currencies];
    const pack = site.packages.find((candidate) => candidate.tier === "p1")!;
    const row = await server.store.db
      .insertInto("payments")
      .values({
        site_id: siteId,
        account_id: member.accountId,
        package: "p1",
        credits: pack.credits,
        amount: pack.prices[currency]!,
        currency,
        method: "creditcard",
        provider: "test",
        provider_reference: `tst_ref_${counter}_${Date.now()}`,
        order_key: `order-${counter}`,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .returning(["id", "provider_reference", "amount", "currency", "credits"])
      .executeTakeFirstOrThrow();
    return { id: row.id, reference: row.provider_reference!, accountId: member.accountId, amount: row.amount, currency: row.currency, credits: row.credits };
  }

  const body = (p: Payment, status: PaymentStatus, change: Partial<Record<"amount" | "currency" | "payment_id", string>> = {}) =>
    new URLSearchParams({ payment_id: String(p.id), reference: p.reference, status, amount: String(p.amount), currency: p.currency, ...change }).toString();

  function deliver(text: string, { host = NL, provider = "test", signature = signTestWebhook(text, SECRET), headers = {} as Record<string, string> } = {}) {
    return requestAs(server.port, host, `/payments/webhook/${provider}`, { "content-type": "application/x-www-form-urlencoded", "x-test-signature": signature, ...headers }, { method: "POST", body: text });
  }

  const account = (id: number) => server.store.db.selectFrom("accounts").select(["credits", "paid_user"]).where("id", "=", id).executeTakeFirstOrThrow();
  const status = async (id: number) => (await server.store.db.selectFrom("payments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const events = (id: number) => server.store.db.selectFrom("payment_events").select(["status", "outcome"]).where("payment_id", "=", id).orderBy("id").execute();
  const purchases = (accountId: number) =>
    server.store.db.selectFrom("credit_ledger").select("delta").where("account_id", "=", accountId).where("reason", "=", "purchase").execute();

  it("credits a paid payment from the webhook alone, with no visit of the member, and answers the provider plainly", async () => {
    const p = await order();
    const before = await account(p.accountId);
    expect(before.paid_user).toBe(false);
    const answer = await deliver(body(p, "paid"));
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("OK");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
    expect(await account(p.accountId)).toEqual({ credits: before.credits + p.credits, paid_user: true });
    expect(await events(p.id)).toEqual([{ status: "paid", outcome: "applied" }]);
  });

  it("refuses a bad, missing or other secret's signature with 400 and changes nothing", async () => {
    const p = await order();
    const before = await account(p.accountId);
    const text = body(p, "paid");
    for (const signature of ["", "sha256=00", signTestWebhook(text, "another secret"), signTestWebhook(`${text}&x=1`, SECRET)]) {
      const answer = await deliver(text, { signature });
      expect(answer.status).toBe(400);
      expect(answer.body).toBe("bad_signature");
    }
    expect(await account(p.accountId)).toEqual(before);
    expect(await status(p.id)).toBe("open");
    expect(lines.some((line) => line.reason === "bad_signature" && line.level === 40)).toBe(true);
  });

  it("refuses an unknown payment with 404 and records the attempt", async () => {
    const p = await order();
    const text = body({ ...p, id: 987_654_321, reference: "tst_ref_nobody" }, "paid");
    const answer = await deliver(text);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe("unknown_payment");
    const recorded = await server.store.db.selectFrom("payment_events").select(["payment_id", "outcome"]).where("provider_reference", "=", "tst_ref_nobody").execute();
    expect(recorded).toEqual([{ payment_id: null, outcome: "refused" }]);
  });

  it("refuses a payment sent to another brand's host, and a provider the brand does not use", async () => {
    const p = await order("flirt-nl");
    const before = await account(p.accountId);
    const misdirected = await deliver(body(p, "paid"), { host: US });
    expect(misdirected.status).toBe(400);
    expect(misdirected.body).toBe("wrong_site");
    const otherProvider = await deliver(body(p, "paid"), { provider: "mollie" });
    expect(otherProvider.status).toBe(404);
    expect((await deliver(body(p, "paid"), { provider: "nonsense" })).status).toBe(404);
    expect(await account(p.accountId)).toEqual(before);
    expect(await events(p.id)).toEqual([{ status: "paid", outcome: "refused" }]);
  });

  it("refuses another amount or currency than was ordered", async () => {
    const p = await order("bbw-us");
    const before = await account(p.accountId);
    const cheaper = await deliver(body(p, "paid", { amount: "1" }), { host: US });
    const euros = await deliver(body(p, "paid", { currency: "EUR" }), { host: US });
    for (const answer of [cheaper, euros]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toBe("amount_mismatch");
    }
    expect(await account(p.accountId)).toEqual(before);
    expect(await status(p.id)).toBe("open");
    expect(await events(p.id)).toEqual([
      { status: "paid", outcome: "refused" },
      { status: "paid", outcome: "refused" },
    ]);
  });

  it("keeps a paid payment paid when an older pending arrives after it (409), and a failed one failed", async () => {
    const p = await order();
    expect((await deliver(body(p, "paid"))).status).toBe(200);
    const after = await account(p.accountId);
    const late = await deliver(body(p, "pending"));
    expect(late.status).toBe(409);
    expect(late.body).toBe("backwards");
    expect((await deliver(body(p, "failed"))).status).toBe(409);
    expect(await status(p.id)).toBe("paid");
    expect(await account(p.accountId)).toEqual(after);
    expect(await events(p.id)).toEqual([
      { status: "paid", outcome: "applied" },
      { status: "pending", outcome: "refused" },
      { status: "failed", outcome: "refused" },
    ]);

    const failed = await order();
    expect((await deliver(body(failed, "failed"))).status).toBe(200);
    expect((await deliver(body(failed, "paid"))).status).toBe(409);
    expect(await purchases(failed.accountId)).toEqual([]);
  });

  it("changes the balance once when the same paid webhook comes 50 times at once", async () => {
    const p = await order();
    const before = await account(p.accountId);
    const text = body(p, "paid");
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(text)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(await purchases(p.accountId)).toEqual([{ delta: p.credits }]);
    expect(await account(p.accountId)).toEqual({ credits: before.credits + p.credits, paid_user: true });
    const outcomes = (await events(p.id)).map((event) => event.outcome);
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(49);
  });

  it("takes a provider's post without Origin, but not a browser's post from another site", async () => {
    const p = await order();
    const foreign = await deliver(body(p, "paid"), { headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(await status(p.id)).toBe("open");
  });

  it("shows the member's own payment and balance at /api/payment.php, and nobody else's", async () => {
    const p = await order();
    await deliver(body(p, "pending"));
    const own = (await sessionCookie(server, { siteId: "flirt-nl", accountId: p.accountId })).header;
    const read = (cookie: string, id: number | string = p.id, host = NL) => requestAs(server.port, host, `/api/payment.php?id=${id}`, cookie ? { cookie } : {});

    const pending = await read(own);
    expect(pending.status).toBe(200);
    expect(pending.headers["cache-control"]).toBe("private, no-store");
    expect(JSON.parse(pending.body)).toMatchObject({ payment: { id: p.id, status: "pending", credits: p.credits, amount: p.amount, currency: "EUR", method: "creditcard", package: "p1" }, user: { paid_user: false } });

    await deliver(body(p, "paid"));
    const paid = JSON.parse((await read(own)).body) as { payment: { status: string }; user: { credits: number; paid_user: boolean } };
    expect(paid.payment.status).toBe("paid");
    expect(paid.user).toEqual({ credits: (await account(p.accountId)).credits, paid_user: true });

    const stranger = await order();
    const strangerCookie = (await sessionCookie(server, { siteId: "flirt-nl", accountId: stranger.accountId })).header;
    expect((await read(strangerCookie)).status).toBe(404);
    expect((await read(own, "abc")).status).toBe(404);
    expect((await read("")).status).toBe(403);
  });

  it("leaves every balance equal to the sum of its ledger", async () => {
    const accounts = await server.store.db.selectFrom("accounts").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    expect(Number(accounts.count)).toBeGreaterThan(5);
    expect(await balancesOffLedger(server.store.db)).toEqual([]);
  });
});

describe("the payment setup at start", () => {
  it("refuses to start in production while a brand runs the test provider without allowing it", async () => {
    const env = readEnv({
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "amora-data-")),
      SITES_DIR: await copyDemoSites(),
      LOG_LEVEL: "silent",
      ...productionSecrets(),
    });
    const build = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as ServerBuild;
    const starting = startServer({ env, build, secrets: { TEST_PAYMENTS_SECRET: SECRET } });
    await expect(starting).rejects.toThrow(PaymentConfigError);
    await expect(starting).rejects.toThrow(/flirt-nl: payment_provider is "test".*allow_test_payments/);
  });
});
