import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployCheck } from "../../scripts/deploy/check";
import { MIGRATIONS_DIR } from "../../server/db/migrate";
import { freshDatabaseUrl } from "../support/databases";
import { freePort } from "../support/free-port";
import { productionSecrets } from "../support/test-server";
import { waitUntil } from "../support/wait";

const run = promisify(execFile);

/**
 * `npm run deploy:check` as CI runs it: the repository's stack passes, Debian's Caddy adapting and
 * validating deploy/Caddyfile; and the stack's migration job, the built command, migrates a store.
 */
describe("the production stack", () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "amora-deploy-"));
  });

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("passes npm run deploy:check", async () => {
    const { problems, brands } = await deployCheck(process.cwd());
    expect(problems).toEqual([]);
    expect(brands).toEqual(expect.arrayContaining(["flirt-nl", "milf-de"]));
  });

  it("names a Caddyfile whose proxy lost its health check", async () => {
    const caddyfile = path.join(scratch, "Caddyfile");
    const original = await readFile("deploy/Caddyfile", "utf8");
    await writeFile(caddyfile, original.replace(/^\s*health_uri .*\n/m, ""));
    const { problems } = await deployCheck(process.cwd(), { caddyfile });
    expect(problems).toEqual([`${caddyfile}: the reverse_proxy to the instances has no active health check on /healthz; add health_uri /healthz`]);
  });

  it("names a Caddyfile that Caddy cannot read", async () => {
    const caddyfile = path.join(scratch, "Broken.Caddyfile");
    await writeFile(caddyfile, (await readFile("deploy/Caddyfile", "utf8")).replace("lb_try_duration 10s", "lb_try_duration soon"));
    const { problems } = await deployCheck(process.cwd(), { caddyfile });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${caddyfile}: caddy adapt fails: .*soon`));
  });

  it("migrates an empty store with the image's migration command, once", async () => {
    const database = await freshDatabaseUrl();
    try {
      const env = {
        PATH: process.env.PATH,
        NODE_ENV: "production" as const,
        DATA_DIR: path.join(scratch, "data"),
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...productionSecrets(),
      };
      const migrations = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")).sort();
      const first = await run(process.execPath, ["build/migrate.js"], { env });
      expect(first.stdout.trim()).toBe(`Applied ${migrations.join(", ")}`);
      const again = await run(process.execPath, ["build/migrate.js"], { env });
      expect(again.stdout.trim()).toBe("Nothing to apply.");
    } finally {
      await database.drop();
    }
  });
});

/**
 * The stack's Caddyfile with the photo bucket set (PHOTOS_BUCKET, PHOTOS_UPSTREAM): a visitor's
 * /media/<key> is read from the bucket, without its query string; everything else goes to the app.
 */
describe("photos through the stack's Caddy", () => {
  let caddy: ChildProcess;
  let storage: string;
  let httpsPort: number;
  const heard: { by: string; method: string; url: string }[] = [];
  const standIns: Server[] = [];

  /** A plain HTTP server that notes what reached it and answers 200. */
  const standIn = async (by: string) => {
    const server = createServer((req, res) => {
      heard.push({ by, method: req.method ?? "", url: req.url ?? "" });
      res.end(by);
    });
    standIns.push(server);
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return port;
  };

  beforeAll(async () => {
    const [app, bucket] = [await standIn("app"), await standIn("bucket")];
    storage = await mkdtemp(path.join(tmpdir(), "amora-caddy-photos-"));
    httpsPort = await freePort();
    caddy = spawn("caddy", ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        HOME: storage,
        HTTP_PORT: String(await freePort()),
        HTTPS_PORT: String(httpsPort),
        CADDY_STORAGE: storage,
        TLS_ISSUER: "internal",
        TLS_ASK: `http://127.0.0.1:${app}/internal/tls-allowed`,
        APP_UPSTREAMS: `127.0.0.1:${app}`,
        PHOTOS_BUCKET: "amora-photos",
        PHOTOS_UPSTREAM: `127.0.0.1:${bucket}`,
      },
      stdio: "ignore",
    });
    await waitUntil(
      () => through("GET", "/healthz").catch(() => undefined),
      (answer) => answer !== undefined || caddy.exitCode !== null,
    );
    if (caddy.exitCode !== null) throw new Error(`caddy stopped with ${caddy.exitCode}`);
  });

  afterAll(async () => {
    caddy?.kill();
    await Promise.all(standIns.map((server) => new Promise((resolve) => server.close(resolve))));
    if (storage) await rm(storage, { recursive: true, force: true });
  });

  const through = (method: string, pathname: string) =>
    new Promise<string>((resolve, reject) => {
      const req = httpsRequest({ host: "127.0.0.1", port: httpsPort, servername: "flirtnl.example", method, path: pathname, headers: { host: "flirtnl.example" }, rejectUnauthorized: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.statusCode)));
      });
      req.on("error", reject);
      req.end();
    });

  it("reads a photo from the bucket by its key, and leaves everything else to the app", async () => {
    heard.length = 0;
    await through("GET", "/media/benelux/0f1e2d3c.webp?list-type=2&prefix=");
    await through("HEAD", "/media/benelux/0f1e2d3c-thumb.webp");
    await through("POST", "/media/benelux/0f1e2d3c.webp");
    await through("GET", "/members");
    // Caddy's own health checks and certificate questions reach the app too: left out.
    expect(heard.filter(({ url }) => url !== "/healthz" && !url.startsWith("/internal/"))).toEqual([
      { by: "bucket", method: "GET", url: "/amora-photos/benelux/0f1e2d3c.webp" },
      { by: "bucket", method: "HEAD", url: "/amora-photos/benelux/0f1e2d3c-thumb.webp" },
      { by: "app", method: "POST", url: "/media/benelux/0f1e2d3c.webp" },
      { by: "app", method: "GET", url: "/members" },
    ]);
  });
});
