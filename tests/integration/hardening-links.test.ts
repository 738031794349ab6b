import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../server/accounts/signup";
import { readEnv } from "../../server/env";
import { startServer } from "../../server/start";
import { createMember, linkIn, PASSWORD, sessionCookie, uniqueEmail, waitForMail } from "../support/accounts";
import { text } from "../support/catalog";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { allowTestPayments, copyDemoSites } from "../support/site-fixtures";
import { productionSecrets, requestAs, startTestServer, testRedisPrefix, visitorIp, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const NEW_PASSWORD = "a brand new secret";

/** Links die with the credentials they were issued under (issue 13, class 5). */
describe("links and credentials", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const site = () => server.sites.resolveHost(`${SITE}.localhost`)!;
  const linkExpired = text("nl", "errors.linkExpired");

  /** The Host a browser sends for the brand's origin (with the port), so the Origin check passes. */
  const host = () => new URL(server.origin(SITE)).host;

  /** A page request as the brand's own page sends it: a form post when a form is given. */
  const call = (pathname: string, { form, cookie }: { form?: Record<string, string>; cookie?: string } = {}) =>
    requestAs(
      server.port,
      host(),
      pathname,
      {
        "x-forwarded-for": visitorIp(),
        "accept-language": "nl",
        ...(cookie ? { cookie } : {}),
        ...(form
          ? { "content-type": "application/x-www-form-urlencoded", origin: server.origin(SITE), "sec-fetch-site": "same-origin" }
          : {}),
      },
      { method: form ? "POST" : "GET", body: form ? new URLSearchParams(form).toString() : undefined },
    );

  /** The path and query of a mailed link, to open it on the test server. */
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  const emailOf = async (accountId: number) =>
    (await server.store.db.selectFrom("accounts").select("email").where("id", "=", accountId).executeTakeFirstOrThrow()).email;

  /** Asks for an e-mail change in the settings, as the signed-in member; answers the link sent to the new address. */
  async function requestChange(cookie: string, newEmail: string) {
    expect((await call("/settings", { cookie, form: { intent: "email", old_password: PASSWORD, new_email: newEmail } })).status).toBe(200);
    return linkIn(await waitForMail(server, newEmail));
  }

  /** Asks for a password reset, as a visitor; answers the link sent to the address (in the member's language). */
  async function requestReset(email: string, language = "nl") {
    expect((await call("/reset-password", { form: { email, website: "" } })).status).toBe(200);
    return linkIn(await waitForMail(server, email, { subject: text(language, "mail:passwordReset.subject", { site: site().name }) }));
  }

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url });
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("a password reset makes a pending e-mail-change link fail", async () => {
    const member = await createMember(server, { siteId: SITE });
    const { header: cookie } = await sessionCookie(server, { siteId: SITE, accountId: member.accountId });
    const attackerEmail = uniqueEmail("attacker");
    const changeLink = await requestChange(cookie, attackerEmail);
    expect((await call(pathOf(changeLink))).body).toContain(text("nl", "account:mailChange.confirm"));

    const resetLink = await requestReset(member.email);
    const reset = await call(pathOf(resetLink), { form: { token: tokenOf(resetLink), password: NEW_PASSWORD, password_repeat: NEW_PASSWORD } });
    expect(reset.status).toBe(302);
    // Only the browser that reset stays signed in: the member's other sessions ended with the old password.
    const newCookie = String(reset.headers["set-cookie"]).split(";")[0]!;
    expect((await call("/api/user.php", { cookie })).status).toBe(403);
    expect((await call("/api/user.php", { cookie: newCookie })).status).toBe(200);

    expect((await call(pathOf(changeLink))).body).toContain(linkExpired);
    const confirm = await call(pathOf(changeLink), { form: {} });
    expect(confirm.body).toContain(linkExpired);
    expect(await emailOf(member.accountId)).toBe(member.email);
  });

  it("an e-mail change makes the links sent to the old address fail, and tells the old address in the member's language", async () => {
    // A Belgian member who reads French, on a brand whose pages the confirming visitor reads in Dutch.
    const member = await createMember(server, { siteId: SITE, language: "fr", confirmed: false });
    await server.services.mailer.deliver();
    const activationLink = linkIn(await waitForMail(server, member.email));
    const { header: cookie } = await sessionCookie(server, { siteId: SITE, accountId: member.accountId });
    const resetLink = await requestReset(member.email, "fr");
    expect((await call(pathOf(resetLink))).body).toContain(text("nl", "account:resetDo.submit"));

    const newEmail = uniqueEmail("moved");
    const changeLink = await requestChange(cookie, newEmail);
    expect((await call(pathOf(changeLink), { form: {} })).body).toContain(text("nl", "account:mailChange.done", { email: newEmail }));
    expect(await emailOf(member.accountId)).toBe(newEmail);

    // The reset link went to the old address: it fails, and the password stays as it was.
    expect((await call(pathOf(resetLink))).body).toContain(linkExpired);
    const reset = await call(pathOf(resetLink), { form: { token: tokenOf(resetLink), password: NEW_PASSWORD, password_repeat: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.body).toContain(linkExpired);
    const login = await requestAs(
      server.port,
      host(),
      "/api/user.php",
      { "content-type": "application/json", "x-forwarded-for": visitorIp(), origin: server.origin(SITE) },
      { method: "POST", body: JSON.stringify({ email: newEmail, password: PASSWORD }) },
    );
    expect(login.status).toBe(200);

    // So did the activation link: it no longer confirms the account.
    const activation = await call(pathOf(activationLink));
    expect(activation.headers.location).toBe("/activate/error");

    const vars = { site: site().name, email: "m***@e***.com", support: site().support_email };
    const notice = await waitForMail(server, member.email, { subject: text("fr", "mail:mailChanged.subject", vars) });
    expect(notice.text).toContain(text("fr", "mail:mailChanged.intro", vars));
    expect(notice.text).toContain(text("fr", "mail:mailChanged.notYou", vars));
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).not.toMatch(/token=/);
    expect(notice.headers["Content-Language"]).toBe("fr");
    expect(notice.from).toContain(`no-reply@${site().domains[0]}`);
  });
});

/** In production a mail's links point at the brand's own domain, whatever Host the request named. */
describe("links in production mail", () => {
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    // The brand answers on a second domain too: a request there must still get links to the first.
    const sitesDir = await copyDemoSites();
    const brandFile = path.join(sitesDir, `${SITE}.json`);
    const brand = JSON.parse(await readFile(brandFile, "utf8")) as { domains: string[] };
    await writeFile(brandFile, JSON.stringify({ ...brand, domains: [...brand.domains, "flirt-alt.example"] }));
    await allowTestPayments(sitesDir);
    const dataDir = await freshDataDir("data", database.url);
    const env = readEnv({
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITES_DIR: sitesDir,
      LOG_LEVEL: "silent",
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      ...productionSecrets(),
    });
    const build = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as ServerBuild;
    const running = await startServer({ env, build, clientDir: path.resolve("build/client"), secrets: { TEST_PAYMENTS_SECRET: randomBytes(32).toString("hex") } });
    server = { ...running, sitesDir, dataDir, origin: () => "https://flirtnl.example", consoleOrigin: "" };
  });

  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("use the brand's primary domain over https, never the request's Host, port or protocol", async () => {
    const site = server.sites.byId(SITE)!;
    const email = uniqueEmail("prod");
    await createAccount(server.store.db, {
      form: { email, name: "Tester", date_of_birth: "1990-04-01", password: PASSWORD, signup_message: undefined, website: undefined },
      language: "nl",
      country: "NL",
      tracking: undefined,
      outgoing: { site, origin: "https://flirtnl.example", t: server.services.i18n.getFixedT("nl"), language: "nl" },
    });
    const hostile = "flirt-alt.example:8443";
    const response = await requestAs(
      server.port,
      hostile,
      "/reset-password",
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: `https://${hostile}`,
        "sec-fetch-site": "same-origin",
        "x-forwarded-proto": "http",
      },
      { method: "POST", body: new URLSearchParams({ email, website: "" }).toString() },
    );
    expect(response.status).toBe(200);
    const mail = await waitForMail(server, email, { subject: text("nl", "mail:passwordReset.subject", { site: site.name }) });
    expect(linkIn(mail)).toMatch(/^https:\/\/flirtnl\.example\/reset-password\/do\?token=/);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("flirt-alt.example");
      expect(part).not.toContain("8443");
      expect(part).not.toContain("http://");
    }
  });

  it("tell browsers to keep to HTTPS as the brand file says, on every domain of the brand", async () => {
    // The demo brand files opt in for this host ("hsts": "on").
    for (const host of ["flirtnl.example", "flirt-alt.example"]) {
      const answer = await requestAs(server.port, host, "/pages/terms");
      expect(answer.status).toBe(200);
      expect(answer.headers["strict-transport-security"], host).toBe("max-age=31536000");
    }
  });
});
