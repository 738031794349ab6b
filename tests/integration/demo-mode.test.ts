import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_COOKIE } from "../../server/accounts/sessions";
import { PASSWORD, uniqueEmail, waitForMail } from "../support/accounts";
import { freshDatabaseUrl } from "../support/databases";
import { allowTestPayments, copyDemoSites } from "../support/site-fixtures";
import { productionSecrets, requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const FORM = "application/x-www-form-urlencoded";
const BRANDS = ["flirt-nl", "milf-de", "gay-uk", "bbw-us"];

/** Signs up through the signup form, as a browser without JavaScript does. */
function signUp(server: TestServer, host: string, email: string) {
  const fields = { email, name: "Demo", date_of_birth: "1990-04-01", password: PASSWORD, gender: "male", looking_for: "women", special_consent: "on" };
  return requestAs(server.port, host, "/signup", { "content-type": FORM, origin: `http://${host}`, "x-forwarded-for": visitorIp() }, { method: "POST", body: new URLSearchParams(fields).toString() });
}

/** The session cookie among a response's cookies. */
const authCookie = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${AUTH_COOKIE}=`));

describe("production with DEMO=on: the one-command demo", () => {
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    // No secrets, no push keys, the demo brands' test provider: what a fresh machine has.
    server = await startTestServer({ databaseUrl: database.url, env: { NODE_ENV: "production", DEMO: "on" } });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("serves every brand on <id>.localhost over plain http, without HSTS", async () => {
    for (const id of BRANDS) {
      const page = await requestAs(server.port, `${id}.localhost:${server.port}`, "/");
      expect(page.status, id).toBe(200);
      expect(page.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("signs a member up and in over plain http, with cookies a browser keeps there, and shows the mail on /dev/mail", async () => {
    const host = `flirt-nl.localhost:${server.port}`;
    const email = uniqueEmail("demo");
    const signup = await signUp(server, host, email);
    expect(signup.status).toBe(302);
    expect(authCookie(signup.headers["set-cookie"])).toBeDefined();
    for (const cookie of [signup.headers["set-cookie"] ?? []].flat()) expect(cookie).not.toMatch(/;\s*Secure/i);

    // The mail's links point where the demo is served, and the viewer shows it to this machine.
    const mail = await waitForMail(server, email);
    expect(mail.text).toContain(`http://${host}/`);
    const viewer = await requestAs(server.port, host, "/dev/mail");
    expect(viewer.status).toBe(200);
    expect(viewer.body).toContain(`/dev/mail/${mail.id}`);

    const login = await requestAs(
      server.port,
      host,
      "/login",
      { "content-type": FORM, origin: `http://${host}`, "x-forwarded-for": visitorIp() },
      { method: "POST", body: new URLSearchParams({ email, password: PASSWORD }).toString() },
    );
    expect(login.status).toBe(302);
    const session = authCookie(login.headers["set-cookie"]);
    expect(session).toBeDefined();
    expect(session).not.toMatch(/;\s*Secure/i);
    expect((await requestAs(server.port, host, "/api/user.php", { cookie: session!.split(";")[0]! })).status).toBe(200);
  });
});

describe("production without DEMO", () => {
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const sitesDir = await copyDemoSites();
    await allowTestPayments(sitesDir);
    server = await startTestServer({
      databaseUrl: database.url,
      sitesDir,
      env: {
        NODE_ENV: "production",
        ...productionSecrets(),
        TEST_PAYMENTS_SECRET: randomBytes(32).toString("hex"),
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("refuses the demo's conveniences: no <id>.localhost, no mail viewer, Secure cookies, HSTS", async () => {
    expect((await requestAs(server.port, `flirt-nl.localhost:${server.port}`, "/")).status).toBe(404);
    const viewer = await requestAs(server.port, "flirtnl.example", "/dev/mail");
    expect(viewer.status).toBe(404);
    const signup = await signUp(server, "flirtnl.example", uniqueEmail("strict"));
    expect(signup.status).toBe(302);
    expect(authCookie(signup.headers["set-cookie"])).toMatch(/;\s*Secure/i);
    expect(signup.headers["strict-transport-security"]).toMatch(/max-age=/);
  });
});

/** The command `npm start` runs after its build, as package.json spells it. */
async function startCommand(): Promise<string> {
  const scripts = (JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
  const [build, run] = scripts.start!.split(" && ");
  expect(build).toBe("npm run build");
  return run!;
}

describe("npm start", () => {
  let child: ChildProcess;
  let output = "";
  let port = 0;

  /** Resolves with what the search finds in the output, once it finds something. */
  const printed = (search: (text: string) => string | undefined) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const found = search(output);
        if (found !== undefined) return resolve(found);
        if (child.exitCode !== null) return reject(new Error(`npm start exited with ${child.exitCode}:\n${output}`));
        child.stdout!.once("data", look);
      };
      look();
    });

  beforeAll(async () => {
    const command = await startCommand();
    const dataDir = await mkdtemp(path.join(tmpdir(), "amora-demo-"));
    child = spawn("sh", ["-c", command], {
      // A fresh machine: nothing set but where to keep data, a free port, and few demo members to keep it quick.
      // NODE_ENV unset too, as on a fresh machine (the type of process.env insists on it).
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, SITES_DIR: await copyDemoSites(), PORT: "0", DEMO_MEMBERS: "8" } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: the shell does not pass a signal on to the server it started.
      detached: true,
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const listening = await printed((text) => text.split("\n").find((line) => line.includes('"msg":"listening"')));
    port = (JSON.parse(listening) as { port: number }).port;
    // The brands' addresses are printed once the demo members are made, a line each and a blank
    // line after them; the pipe may hand them over in several pieces.
    await printed((text) => /Amora is serving \d+ brands:\n(?:.+\n)+\n/.exec(text)?.[0]);
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
  });

  it("runs React's and Remix's production builds with DEMO=on, on this machine only", async () => {
    expect(await startCommand()).toMatch(/^NODE_ENV=production DEMO=on node build\/server\.js$/);
    expect(output).not.toContain("other machines can reach it");
  });

  it("fills the empty store with demo members and serves the four brands with the mail viewer", async () => {
    expect(output).toMatch(/created 8 demo members/);
    for (const id of BRANDS) {
      expect(output).toContain(`http://${id}.localhost:${port}/`);
      expect((await requestAs(port, `${id}.localhost:${port}`, "/")).status, id).toBe(200);
    }
    expect((await requestAs(port, `flirt-nl.localhost:${port}`, "/dev/mail")).status).toBe(200);
  });
});
