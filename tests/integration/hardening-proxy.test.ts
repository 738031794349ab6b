import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteConfigError } from "../../server/sites/load";
import { createMember, linkIn, uniqueEmail, waitForMail } from "../support/accounts";
import { copyDemoSites } from "../support/site-fixtures";
import { requestAs, startTestServer, visitorIp, type PlainResponse, type TestServer } from "../support/test-server";

/** A logger whose lines a test can read. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  return { log: pino({ level: "info" }, stream), lines };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_BODY = { "content-type": "application/json" };

/**
 * Each per-IP limit, spent from one client while X-Forwarded-For names a new address every time:
 * `attempt` sends one request; `refused` tells whether the answer is the limit's refusal.
 */
type Limit = { name: string; points: number; attempt: (server: TestServer, headers: Record<string, string>, from: string) => Promise<PlainResponse>; refused: (answer: PlainResponse) => boolean };

const nl = (server: TestServer) => server.services.i18n.getFixedT("nl");

const LIMITS: Limit[] = [
  {
    name: "login",
    points: 30,
    attempt: (server, headers, from) =>
      requestAs(server.port, "flirt-nl.localhost", "/api/user.php", { ...JSON_BODY, ...headers }, { method: "POST", body: JSON.stringify({ email: uniqueEmail("nobody"), password: "wrong password" }), localAddress: from }),
    refused: (answer) => answer.status === 429,
  },
  {
    name: "signup",
    points: 10,
    attempt: (server, headers, from) =>
      requestAs(
        server.port,
        "flirt-nl.localhost",
        "/api/signup.php?step=create",
        { ...FORM, ...headers },
        { method: "POST", body: form({ email: uniqueEmail("signup"), name: "Newcomer", date_of_birth: "1990-04-01", password: "correct horse battery", gender: "male", looking_for: "women", special_consent: "on" }), localAddress: from },
      ),
    refused: (answer) => JSON.stringify(JSON.parse(answer.body).result ?? {}).includes("account:signup.tooMany"),
  },
  {
    name: "password reset",
    points: 20,
    attempt: (server, headers, from) =>
      requestAs(server.port, "flirt-nl.localhost", "/reset-password", { ...FORM, ...headers }, { method: "POST", body: form({ email: uniqueEmail("reset") }), localAddress: from }),
    refused: (answer) => answer.body.includes("Te veel wachtwoordherstel mails verstuurd"),
  },
  {
    name: "complaints",
    points: 10,
    attempt: (server, headers, from) =>
      requestAs(
        server.port,
        "flirt-nl.localhost",
        "/complaints",
        { ...FORM, ...headers },
        { method: "POST", body: form({ reason: "scam", message: "This profile asks for money.", email: uniqueEmail("visitor") }), localAddress: from },
      ),
    refused: (answer) => answer.status === 429,
  },
];

/** Sends attempts until the limit refuses one; returns how many were sent (Infinity when none was refused). */
async function attemptsUntilRefused(server: TestServer, limit: Limit, headers: () => Record<string, string>, from: string): Promise<number> {
  for (let sent = 1; sent <= limit.points + 1; sent += 1) {
    if (limit.refused(await limit.attempt(server, headers(), from))) return sent;
  }
  return Infinity;
}

// Three servers for the whole file: starting one takes seconds.
let untrusting: TestServer;
let trusting: TestServer;
let development: TestServer;
const untrustingLog = capturedLog();
const developmentLog = capturedLog();

beforeAll(async () => {
  [untrusting, trusting, development] = await Promise.all([
    // As a deployment is by default: no TRUST_PROXY.
    startTestServer({ env: { TRUST_PROXY: "" }, log: untrustingLog.log }),
    startTestServer({ env: { TRUST_PROXY: "loopback" } }),
    // As with NODE_ENV and HOST unset: development mode, listening on 0.0.0.0.
    startTestServer({ env: { NODE_ENV: "development", HOST: "0.0.0.0" }, log: developmentLog.log }),
  ]);
  // Three at once: longer than one server's start on a busy machine.
}, 180_000);
afterAll(() => Promise.all([untrusting?.stop(), trusting?.stop(), development?.stop()]));

describe("with no trusted proxy (the default)", () => {
  let server: TestServer;
  const { lines } = untrustingLog;
  beforeAll(() => {
    server = untrusting;
  });
  const settings = async (headers: Record<string, string>) => JSON.parse((await requestAs(server.port, "flirt-nl.localhost", "/api/settings.php", headers)).body);


  it.each(LIMITS.map((limit, i) => [limit.name, limit, `127.0.0.${20 + i}`] as const))(
    "the %s limit holds per client, whatever X-Forwarded-For says",
    async (_name, limit, from) => {
      // Every attempt claims another address, and one of them the address of someone else.
      const sent = await attemptsUntilRefused(server, limit, () => ({ "x-forwarded-for": visitorIp() }), from);
      expect(sent).toBeLessThanOrEqual(limit.points + 1);
    },
  );

  it("does not let a client lock out the address it names", async () => {
    const login = LIMITS[0]!;
    const victim = "127.0.0.31";
    await attemptsUntilRefused(server, login, () => ({ "x-forwarded-for": victim }), "127.0.0.30");
    const answer = await login.attempt(server, {}, victim);
    expect(answer.status).toBe(401);
  });

  it("ignores the country header: the price country is the brand's default", async () => {
    expect(await settings({ "cf-ipcountry": "BE" })).toMatchObject({ geoip_country: "NL", geoip_selected_country: "NL" });
  });

  it("ignores X-Forwarded-Proto: links in mails keep the protocol the client used", async () => {
    const member = await createMember(server, { siteId: "flirt-nl" });
    await requestAs(server.port, "flirt-nl.localhost", "/reset-password", { ...FORM, "x-forwarded-proto": "https" }, { method: "POST", body: form({ email: member.email }) });
    const link = linkIn(await waitForMail(server, member.email, { subject: /wachtwoord/i }));
    expect(link).toMatch(/^http:\/\/flirt-nl\.localhost\//);
  });

  it("does not warn at start when listening on loopback", () => {
    expect(lines.some((line) => line.includes("other machines can reach it"))).toBe(false);
  });
});

describe("behind a trusted proxy (TRUST_PROXY=loopback)", () => {
  let server: TestServer;
  const settings = async (headers: Record<string, string>) => JSON.parse((await requestAs(server.port, "flirt-nl.localhost", "/api/settings.php", headers)).body);

  beforeAll(() => {
    server = trusting;
  });

  it("keeps the login limit per forwarded address", async () => {
    const login = LIMITS[0]!;
    const first = visitorIp();
    expect(await attemptsUntilRefused(server, login, () => ({ "x-forwarded-for": first }), "127.0.0.1")).toBe(login.points);
    expect((await login.attempt(server, { "x-forwarded-for": first }, "127.0.0.1")).status).toBe(429);
    expect((await login.attempt(server, { "x-forwarded-for": visitorIp() }, "127.0.0.1")).status).toBe(401);
  });

  it("believes the proxy's country header", async () => {
    expect(await settings({ "cf-ipcountry": "BE" })).toMatchObject({ geoip_country: "BE", geoip_selected_country: "BE" });
  });

  it("believes the proxy's X-Forwarded-Proto", async () => {
    const member = await createMember(server, { siteId: "flirt-nl" });
    await requestAs(server.port, "flirt-nl.localhost", "/reset-password", { ...FORM, "x-forwarded-proto": "https" }, { method: "POST", body: form({ email: member.email }) });
    const link = linkIn(await waitForMail(server, member.email, { subject: /wachtwoord/i }));
    expect(link).toMatch(/^https:\/\/flirt-nl\.localhost\//);
  });

  it("limits the e-mail existence check of the signup steps per address, in the visitor's language", async () => {
    const ip = visitorIp();
    const check = () =>
      requestAs(
        server.port,
        "flirt-nl.localhost",
        "/api/signup.php?step=check",
        { ...FORM, "x-forwarded-for": ip },
        { method: "POST", body: form({ email: uniqueEmail("probe"), name: "Prober", date_of_birth: "1990-04-01", password: "correct horse battery", gender: "male", looking_for: "women", special_consent: "on" }) },
      );
    for (let i = 0; i < 30; i += 1) expect((await check()).status).toBe(200);
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ status: "error", result: { error: { "": ["account:signupCheck.tooMany"] } } });
    expect(nl(server)("account:signupCheck.tooMany")).toBe("Te veel pogingen vanaf dit adres, probeer het later opnieuw.");
    // Another visitor checks as before.
    const other = await requestAs(
      server.port,
      "flirt-nl.localhost",
      "/api/signup.php?step=check",
      { ...FORM, "x-forwarded-for": visitorIp() },
      { method: "POST", body: form({ email: uniqueEmail("probe"), name: "Prober", date_of_birth: "1990-04-01", password: "correct horse battery", gender: "male", looking_for: "women", special_consent: "on" }) },
    );
    expect(JSON.parse(other.body)).toEqual({ status: "ok" });
  });
});

describe("the development conveniences", () => {
  let testServer: TestServer;
  beforeAll(() => {
    testServer = trusting;
  });

  it("shows the mail viewer on a *.localhost host from this machine", async () => {
    for (const server of [testServer, development]) {
      const page = await requestAs(server.port, "flirt-nl.localhost", "/dev/mail");
      expect(page.status).toBe(200);
      expect(page.body).toContain("Mail outbox");
    }
  });

  it("answers 404 for the mail viewer and its mails on a brand's own domain, even from this machine", async () => {
    const member = await createMember(development, { siteId: "flirt-nl", confirmed: false });
    development.services.mailer.kick();
    const mail = await waitForMail(development, member.email);
    const viewer = await requestAs(development.port, "flirt-nl.localhost", "/dev/mail");
    expect(viewer.body).toContain(`/dev/mail/${mail.id}`);
    for (const pathname of ["/dev/mail", `/dev/mail/${mail.id}`]) {
      const answer = await requestAs(development.port, "flirtnl.example", pathname);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain(member.email);
    }
    // The answer of any unknown page.
    const page = await requestAs(development.port, "flirtnl.example", "/dev/mail");
    expect(page.body).toContain(nl(development)("errors.pageNotFound"));
  });

  it("warns at start when not in production mode and listening beyond this machine", () => {
    const warning = developmentLog.lines.map((line) => JSON.parse(line) as { level: number; msg: string }).find((line) => line.msg.includes("other machines can reach it"));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain("NODE_ENV is development");
    expect(warning?.msg).toContain("HOST=127.0.0.1");
  });

  describe("stack traces", () => {
    const marker = `stack probe ${Math.random().toString(36).slice(2)}`;

    /** Makes the store fail for the length of `run`, so a page's loader throws. */
    async function whileTheStoreFails<T>(server: TestServer, run: () => Promise<T>): Promise<T> {
      const db = server.store.db as unknown as Record<string, unknown>;
      db.selectFrom = () => {
        throw new Error(marker);
      };
      try {
        return await run();
      } finally {
        delete db.selectFrom;
      }
    }

    /** Makes building the request context fail (outside Remix) for the length of `run`. */
    async function whileSessionsFail<T>(server: TestServer, run: () => Promise<T>): Promise<T> {
      const sessions = server.services.sessions as unknown as Record<string, unknown>;
      const resolve = sessions.resolve;
      sessions.resolve = () => Promise.reject(new Error(marker));
      try {
        return await run();
      } finally {
        sessions.resolve = resolve;
      }
    }

    // One after the other: each breaks the server for its own request only.
    const failingPages = async (server: TestServer, host: string) => [
      await whileTheStoreFails(server, () => requestAs(server.port, host, "/members/1")),
      await whileTheStoreFails(server, () => requestAs(server.port, host, "/members/1.data")),
      await whileSessionsFail(server, () => requestAs(server.port, host, "/")),
    ];

    it("never reach a client on another host, nor any client in test mode", async () => {
      for (const [server, host] of [
        [development, "flirtnl.example"],
        [testServer, "flirt-nl.localhost"],
        [testServer, "flirtnl.example"],
      ] as const) {
        for (const answer of await failingPages(server, host)) {
          expect(answer.status).toBe(500);
          expect(answer.body).not.toContain(marker);
          expect(answer.body).not.toMatch(/\n\s+at |\\n\s+at /);
        }
      }
    });

    it("reach the developer at this machine on a *.localhost host, from Remix only", async () => {
      const [page, data, outsideRemix] = await failingPages(development, "flirt-nl.localhost");
      for (const answer of [page!, data!]) {
        expect(answer.status).toBe(500);
        expect(answer.body).toContain(marker);
      }
      // The terminal's log has that one; the page says only that something went wrong.
      expect(outsideRemix).toMatchObject({ status: 500, body: "Internal server error" });
    });
  });
});

describe("a brand file with a duplicate key", () => {
  const withDuplicate = (text: string) => text.replace('"company": {', '"company": {\n    "name": "Someone Else Ltd",');
  const renamed = (text: string, name: string) => text.replace(/"name": "HimMatch"/, `"name": "${name}"`);

  it("fails npm run sites:check, naming file and key", async () => {
    const dir = await copyDemoSites();
    const file = path.join(dir, "gay-uk.json");
    await writeFile(file, withDuplicate(await readFile(file, "utf8")));
    const run = promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/sites-check.ts", dir]);
    const failure = (await run.then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | undefined;
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/gay-uk\.json {2}company\.name: is set more than once/);
  });

  it("keeps the server from starting, naming file and key", async () => {
    const dir = await copyDemoSites();
    const file = path.join(dir, "gay-uk.json");
    await writeFile(file, withDuplicate(await readFile(file, "utf8")));
    const starting = startTestServer({ sitesDir: dir });
    await expect(starting).rejects.toBeInstanceOf(SiteConfigError);
    await expect(starting).rejects.toThrow(/gay-uk\.json {2}company\.name: is set more than once/);
  });

  it("is not applied on a live edit: logged, and the last good version keeps serving", async () => {
    const file = path.join(untrusting.sitesDir, "gay-uk.json");
    const original = await readFile(file, "utf8");
    try {
      await writeFile(file, withDuplicate(renamed(original, "HimMatch Edited")));
      await until(() => untrustingLog.lines.some((line) => line.includes("site files not applied") && /gay-uk\.json {2}company\.name: is set more than once/.test(line)));
      const page = await requestAs(untrusting.port, "gay-uk.localhost", "/");
      expect(page.body).toContain("<title>HimMatch –");
      expect(page.body).not.toContain("HimMatch Edited");
    } finally {
      await writeFile(file, original);
    }
  });
});
