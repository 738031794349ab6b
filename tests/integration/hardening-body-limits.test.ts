import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, PASSWORD, sessionCookie } from "../support/accounts";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const HOST = "flirt-nl.localhost";
const OTHER_HOST = "bbw-us.localhost";
const DUTCH = { "accept-language": "nl" };
const NL_TOO_LARGE = "Er is te veel tegelijk verstuurd. Maak je tekst korter en probeer het opnieuw.";
const NL_TOO_MANY_FIELDS = "Dit formulier heeft te veel velden. Laad de pagina opnieuw en probeer het nog eens.";
const NL_VALUE_TOO_LONG = "Een van de velden is te lang. Maak je tekst korter en probeer het opnieuw.";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };

type Answer = { status: number; type: string; body: string; sentBytes: number };

/**
 * Sends a request and reads the answer. A body of `stream` bytes is written in 16 KiB chunks, with
 * backpressure, and no more once the server has answered (it may refuse before the end and close):
 * sentBytes says how much went out before the answer came. Gives up after `timeoutMs`.
 */
function send(
  pathname: string,
  { host = HOST, method = "POST", headers = {}, body, stream, timeoutMs = 30_000 }: { host?: string; method?: string; headers?: OutgoingHttpHeaders; body?: string | Buffer; stream?: number; timeoutMs?: number },
  port: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    let sentBytes = 0;
    const length = body === undefined ? {} : { "content-length": Buffer.byteLength(body) };
    const req = httpRequest({ host: "127.0.0.1", port, path: pathname, method, headers: { host, "x-forwarded-for": visitorIp(), ...length, ...headers }, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body: text, sentBytes }));
      res.on("error", reject);
    });
    // Once answered, a refused upload may end in a reset: that is the server closing, not a failure.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (stream === undefined) return void req.end(body);
    const chunk = Buffer.alloc(16 * 1024, "a");
    const pump = () => {
      while (!answered && sentBytes < stream) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const repeated = (pair: string, times: number) => Array.from({ length: times }, () => pair).join("&");

/** A FormData as the bytes and Content-Type a browser would send. */
async function multipart(form: FormData): Promise<{ body: Buffer; type: string }> {
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get("content-type") ?? "" };
}

describe("request size and shape: limits before any parsing (issue 13, class 1)", () => {
  let server: TestServer;
  const post = (pathname: string, options: Parameters<typeof send>[1]) => send(pathname, options, server.port);

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("refuses 30,000 repeated email fields to the signup check, in the visitor's language, as JSON", async () => {
    const answer = await post("/api/signup.php?step=check", { headers: { ...FORM, ...DUTCH }, body: repeated("email=a", 30_000) });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "too_large", message: NL_TOO_LARGE });
  });

  it("counts the fields of a form that fits the byte limit, before the form library sees them", async () => {
    // 8,000 repeats take the form library seconds; 64,000 bytes pass the byte limit.
    const bomb = repeated("email=a", 8_000);
    const api = await post("/api/signup.php?step=check", { headers: { ...FORM, ...DUTCH }, body: bomb });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ error: "too_many_fields", message: NL_TOO_MANY_FIELDS });

    // A page's form gets a page, in the page's language.
    const page = await post("/login", { headers: { ...FORM, ...DUTCH }, body: bomb });
    expect(page.status).toBe(400);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('lang="nl"');
    expect(page.body).toContain(NL_TOO_MANY_FIELDS);
  });

  it("still takes the forms and JSON calls that fit", async () => {
    const check = await post("/api/signup.php?step=check", {
      headers: FORM,
      body: new URLSearchParams({ email: "fits@example.com", name: "Fits", date_of_birth: "1990-01-01", password: "long enough pass", gender: "male", looking_for: "women", special_consent: "on" }).toString(),
    });
    expect(check.status).toBe(200);
    expect(JSON.parse(check.body)).toEqual({ status: "ok" });

    const member = await createMember(server, { siteId: "flirt-nl" });
    const login = await post("/api/user.php", { headers: JSON_TYPE, body: JSON.stringify({ email: member.email, password: member.password }) });
    expect(login.status).toBe(200);
  });

  it("refuses an oversized JSON login from its Content-Length, without reading the body", async () => {
    // The 189 MB login of the report: declared, and answered long before that much could arrive.
    const answer = await post("/api/user.php", { headers: { ...JSON_TYPE, ...DUTCH, "content-length": String(189 * 1024 * 1024) }, stream: 8 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "too_large", message: NL_TOO_LARGE });
    expect(answer.sentBytes).toBeLessThan(8 * 1024 * 1024);
  });

  it("cuts off a chunked body without a Content-Length once it passes the limit", async () => {
    const answer = await post("/api/user.php", { headers: { ...JSON_TYPE, "transfer-encoding": "chunked" }, stream: 32 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "too_large" });
    expect(answer.sentBytes).toBeLessThan(32 * 1024 * 1024);
  });

  it("refuses a body that claims a gigabyte but sends a few bytes, at once", async () => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path: "/login", method: "POST", headers: { host: HOST, ...FORM, "content-length": String(2 ** 30) }, signal: AbortSignal.timeout(10_000) });
    const status = await new Promise<number>((resolve, reject) => {
      req.on("response", (res) => resolve(res.statusCode ?? 0));
      req.on("error", reject);
      req.write("email=a");
    });
    req.destroy();
    expect(status).toBe(413);
  });

  it("refuses bodies of other types beyond a small size", async () => {
    const answer = await post("/api/user.php", { headers: { "content-type": "text/plain" }, body: "x".repeat(64 * 1024) });
    expect(answer.status).toBe(413);
  });

  describe("signed in", () => {
    let cookie: string;
    let bobId: number;
    let annEmail: string;

    beforeAll(async () => {
      const ann = await createMember(server, { siteId: "flirt-nl", name: "Ann" });
      const bob = await createMember(server, { siteId: "flirt-nl", name: "Bob" });
      bobId = bob.profileId;
      annEmail = ann.email;
      cookie = (await sessionCookie(server, { siteId: "flirt-nl", accountId: ann.accountId })).header;
    });

    it("refuses an oversized chat message, and one that fits the bytes but not the longest message", async () => {
      const huge = await post("/api/chat.php", { headers: { ...JSON_TYPE, ...DUTCH, cookie }, body: JSON.stringify({ profile: bobId, client_id: "huge-message-1", body: "x".repeat(2 * 1024 * 1024) }) });
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.body)).toEqual({ error: "too_large", message: NL_TOO_LARGE });

      const long = await post("/api/chat.php", { headers: { ...JSON_TYPE, ...DUTCH, cookie }, body: JSON.stringify({ profile: bobId, client_id: "long-message-1", body: "x".repeat(20_000) }) });
      expect(long.status).toBe(400);
      expect(JSON.parse(long.body)).toEqual({ error: "value_too_long", message: NL_VALUE_TOO_LONG });

      // The same as a form on the chat page.
      const form = await post(`/members/${bobId}/chat`, { headers: { ...FORM, ...DUTCH, cookie }, body: new URLSearchParams({ body: "x".repeat(20_000) }).toString() });
      expect(form.status).toBe(400);
      expect(form.body).toContain(NL_VALUE_TOO_LONG);
    });

    it("never echoes a 10 MB name back, nor one that fits the bytes but is too long for any field", async () => {
      const huge = await post("/profile", { headers: { ...FORM, ...DUTCH, cookie }, body: new URLSearchParams({ name: "A".repeat(10 * 1024 * 1024) }).toString() });
      expect(huge.status).toBe(413);
      expect(huge.body).toContain(NL_TOO_LARGE);
      expect(huge.body.length).toBeLessThan(4_000);

      const signup = await post("/signup", { headers: { ...FORM, ...DUTCH }, body: new URLSearchParams({ email: "long@example.com", name: "A".repeat(30_000) }).toString() });
      expect(signup.status).toBe(400);
      expect(signup.body).toContain(NL_VALUE_TOO_LONG);
      expect(signup.body).not.toContain("A".repeat(100));
    });

    it("counts multipart parts and measures them: many parts, a long text part, a file where no file belongs", async () => {
      const many = new FormData();
      for (let i = 0; i < 500; i++) many.append("email", "a");
      const manyParts = await multipart(many);
      const bombed = await post("/login", { headers: { "content-type": manyParts.type, ...DUTCH }, body: manyParts.body });
      expect(bombed.status).toBe(400);
      expect(bombed.body).toContain(NL_TOO_MANY_FIELDS);

      // On the photo route too, where the body may be large: its text parts are still short.
      const longText = new FormData();
      longText.append("intent", "x".repeat(1024 * 1024));
      const longPart = await multipart(longText);
      const refused = await post("/profile", { headers: { "content-type": longPart.type, ...DUTCH, cookie }, body: longPart.body });
      expect(refused.status).toBe(400);
      expect(refused.body).toContain(NL_VALUE_TOO_LONG);

      const file = new FormData();
      file.append("photo", new File([Buffer.alloc(512 * 1024)], "big.jpg", { type: "image/jpeg" }));
      const filePart = await multipart(file);
      const notHere = await post("/login", { headers: { "content-type": filePart.type, ...DUTCH }, body: filePart.body });
      expect(notHere.status).toBe(413);
    });

    it("still takes a photo upload under the cap, and refuses one over it with the photo message", async () => {
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a6", noise: { type: "gaussian", mean: 120, sigma: 40 } } })
        .jpeg({ quality: 90 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(256 * 1024);
      const form = new FormData();
      form.append("photo", new File([photo], "me.jpg", { type: "image/jpeg" }));
      const upload = await multipart(form);
      const before = await photoCount();
      const answer = await post("/profile", { headers: { "content-type": upload.type, cookie }, body: upload.body });
      expect(answer.status).toBe(200);
      expect(await photoCount()).toBe(before + 1);

      const tooBig = await post("/profile", { headers: { "content-type": upload.type, ...DUTCH, cookie, "content-length": String(11 * 1024 * 1024) }, stream: 11 * 1024 * 1024 });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toContain("Deze foto is te groot");
    });

    it("gives the photo routes added since (the editor's upload, the first step after activation) the same cap and origin rule", async () => {
      for (const pathname of ["/api/photos", "/activate/done"]) {
        const tooBig = await post(pathname, { headers: { "content-type": "multipart/form-data; boundary=x", ...DUTCH, cookie, "content-length": String(11 * 1024 * 1024) }, stream: 11 * 1024 * 1024 });
        expect(tooBig.status, pathname).toBe(413);
        expect(tooBig.body, pathname).toContain("Deze foto is te groot");
      }
      const before = await photoCount();
      const form = new FormData();
      form.append("photo", new File([await sharp({ create: { width: 400, height: 400, channels: 3, background: "#a86" } }).jpeg().toBuffer()], "me.jpg", { type: "image/jpeg" }));
      const upload = await multipart(form);
      for (const pathname of ["/api/photos", "/activate/done"]) {
        const foreign = await post(pathname, { headers: { "content-type": upload.type, ...DUTCH, cookie, origin: "https://attacker.example" }, body: upload.body });
        expect(foreign.status, pathname).toBe(403);
      }
      // The settings' and the editor's new forms too: another site's page writes nothing.
      for (const [pathname, fields] of [
        ["/settings", { intent: "privacy", invisible: "on" }],
        ["/settings", { intent: "password", current_password: "x", new_password: "long enough password" }],
        ["/profile", { intent: "photo-later", photo: "1" }],
      ] as const) {
        const foreign = await post(pathname, { headers: { ...FORM, ...DUTCH, cookie, origin: "https://attacker.example" }, body: new URLSearchParams(fields).toString() });
        expect(foreign.status, pathname).toBe(403);
      }
      expect(await photoCount()).toBe(before);
    });

    /** A form post from another site, one over the size limit and one with too many fields: each refused, the last two in Dutch. */
    async function expectFormRefusals(pathname: string, body: string) {
      const foreign = await post(pathname, { headers: { ...FORM, ...DUTCH, cookie, origin: "https://attacker.example" }, body });
      expect(foreign.status, pathname).toBe(403);
      const tooBig = await post(pathname, { headers: { ...FORM, ...DUTCH, cookie }, body: `${body}&padding=${"a".repeat(2 * 1024 * 1024)}` });
      expect(tooBig.status, pathname).toBe(413);
      expect(tooBig.body, pathname).toContain(NL_TOO_LARGE);
      const tooMany = await post(pathname, { headers: { ...FORM, ...DUTCH, cookie }, body: `${body}&${repeated("x=1", 5_000)}` });
      expect(tooMany.body, pathname).toContain(NL_TOO_MANY_FIELDS);
    }

    it("gives issue 18's forms (the direct-debit mandate, a method choice with a discount code) the same limits and origin rule, and keeps their redirects on the site", async () => {
      const mandate = new URLSearchParams({ intent: "start", account_holder: "Ann de Vries", iban: "NL91ABNA0417164300", street: "Dam", house_number: "1", zip: "1012 JS", city: "Amsterdam", phone: "0612345678", mandate: "on", order_key: crypto.randomUUID() }).toString();
      const order = (code: string) => new URLSearchParams({ method: "directdebit", order_key: crypto.randomUUID(), discount_code: code }).toString();
      for (const [pathname, body] of [
        ["/directdebit?package=p1", mandate],
        ["/credits/p1", order("WINTER20")],
      ] as const) {
        await expectFormRefusals(pathname, body);
      }
      expect(await server.store.db.selectFrom("direct_debit_mandates").select("id").execute()).toEqual([]);
      // A code made to leave the site stays a query value of the direct-debit form's own address.
      for (const code of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
        const redirect = await requestAs(server.port, HOST, "/credits/p1", { ...FORM, cookie, "x-forwarded-for": visitorIp() }, { method: "POST", body: order(code) });
        expect(redirect.status, code).toBe(302);
        const location = new URL(String(redirect.headers.location), "http://flirt-nl.localhost");
        expect(location.host, code).toBe("flirt-nl.localhost");
        expect([location.pathname, location.searchParams.get("code")], code).toEqual(["/directdebit", code]);
      }
    });

    it("gives issue 19's actions (preferences, deletion, reactivation, consent, unsubscribe, beacon, push, mail events) the same limits and origin rule, and keeps a deleted member's login on the site", async () => {
      const forms = [
        ["/notifications", "intent=preferences&like_email=on"],
        ["/settings/delete", "intent=reason&reason=found_someone"],
        ["/account-deleted", "email=ann%40example.com"],
        ["/account-deleted/reactivate?token=not-a-token", "go=1"],
        ["/settings", "intent=withdraw-consent"],
        ["/unsubscribe/1.like.not-signed", "List-Unsubscribe=One-Click"],
      ] as const;
      for (const [pathname, body] of forms) {
        await expectFormRefusals(pathname, body);
      }
      const calls = [
        ["POST", "/api/page-hidden.php", "{}"],
        ["DELETE", "/api/user.php?push=1", JSON.stringify({ endpoint: "https://push.example.com/x" })],
        ["POST", "/api/mail-events", JSON.stringify({ type: "bounce", email: "ann@example.com", bounce_type: "hard" })],
      ] as const;
      for (const [method, pathname, body] of calls) {
        const foreign = await post(pathname, { method, headers: { ...JSON_TYPE, ...DUTCH, cookie, origin: "https://attacker.example" }, body });
        expect(foreign.status, pathname).toBe(403);
        const tooBig = await post(pathname, { method, headers: { ...JSON_TYPE, ...DUTCH, cookie }, body: JSON.stringify({ padding: "a".repeat(2 * 1024 * 1024) }) });
        expect(tooBig.status, pathname).toBe(413);
      }
      // Nothing was written by any of them.
      const member = await server.store.db.selectFrom("accounts").select(["status", "notifications_disabled"]).where("email", "=", annEmail).executeTakeFirstOrThrow();
      expect(member).toEqual({ status: "confirmed", notifications_disabled: [] });
      expect(await server.store.db.selectFrom("notification_preferences").select("kind").execute()).toEqual([]);

      // A deleted member's login goes to the reactivation offer on this site, whatever address the form names.
      const leaver = await createMember(server, { siteId: "flirt-nl", name: "Leaver" });
      await server.store.db.updateTable("accounts").set({ status: "deleted", deleted_at: new Date() }).where("id", "=", leaver.accountId).execute();
      for (const redirectTo of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
        const login = await requestAs(server.port, HOST, "/login", { ...FORM, "x-forwarded-for": visitorIp() }, { method: "POST", body: new URLSearchParams({ email: leaver.email, password: PASSWORD, redirectTo }).toString() });
        expect(login.status, redirectTo).toBe(302);
        const location = new URL(String(login.headers.location), "http://flirt-nl.localhost");
        expect([location.host, location.pathname], redirectTo).toEqual(["flirt-nl.localhost", "/account-deleted/reactivate"]);
      }
    });

    async function photoCount(): Promise<number> {
      const row = await server.store.db.selectFrom("photos").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
      return Number(row.count);
    }
  });

  it("keeps the event loop free, and other brands answering, while hostile bodies are refused", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const hostile = [
      post("/api/signup.php?step=check", { headers: FORM, body: repeated("email=a", 8_000) }),
      post("/api/signup.php?step=check", { headers: FORM, body: repeated("email=a", 30_000) }),
      post("/complaints", { headers: FORM, body: repeated("message=a", 6_000) }),
      post("/api/user.php", { headers: { ...JSON_TYPE, "content-length": String(189 * 1024 * 1024) }, stream: 4 * 1024 * 1024 }),
      post("/api/user.php", { headers: { ...JSON_TYPE, "transfer-encoding": "chunked" }, stream: 4 * 1024 * 1024 }),
    ];
    const other = await post("/", { host: OTHER_HOST, method: "GET" });
    const refused = await Promise.all(hostile);
    delay.disable();

    expect(other.status).toBe(200);
    expect(refused.map((answer) => answer.status)).toEqual([400, 413, 400, 413, 413]);
    // Generous for a loaded machine: a form library busy with 8,000 repeats holds the loop for seconds.
    expect(delay.max / 1e6).toBeLessThan(1_000);
  });
});
