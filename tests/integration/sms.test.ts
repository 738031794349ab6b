import { mkdtemp } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSmsOutbox } from "../../server/sms/folder";
import { createSmsSender, SmsSetupError } from "../../server/sms/sender";
import { createTwilioSmsSender } from "../../server/sms/twilio";
import { requestAs, startTestServer, type TestServer } from "../support/test-server";

const CODE_TEXT = "FlirtNL: je code voor automatische incasso is 482913";
const PHONE = "+31612345678";
const CREDENTIALS = { TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef", TWILIO_AUTH_TOKEN: "stand-in-token", TWILIO_FROM: "FlirtNL" };

type Received = { method: string; url: string; authorization: string | undefined; contentType: string | undefined; form: URLSearchParams };

/** Plays Twilio's Messages resource: records each request and answers what the test asks for. */
function twilioStandIn() {
  const received: Received[] = [];
  let answer: (response: ServerResponse) => void = (response) => created(response);
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization, contentType: request.headers["content-type"], form: new URLSearchParams(body) });
      answer(response);
    });
  });
  return {
    server,
    received,
    answerWith: (next: (response: ServerResponse) => void) => (answer = next),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

function created(response: ServerResponse) {
  response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ sid: "SM0123456789abcdef0123456789abcdef", status: "queued" }));
}

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: string[] = [];
  return { lines, log: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }) };
}

describe("SMS: the folder transport, the Twilio adapter and the development viewer", () => {
  const twilio = twilioStandIn();

  beforeAll(() => new Promise<void>((resolve) => twilio.server.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => twilio.server.close(() => resolve())));

  it("writes one JSON file per message without SMS_URL, read back newest first", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "amora-sms-"));
    const sender = createSmsSender({ dataDir, secret: () => undefined, log: pino({ level: "silent" }) });
    expect(sender.kind).toBe("folder");
    await sender.send({ siteId: "flirt-nl", to: PHONE, text: "first" });
    await sender.send({ siteId: "milf-de", to: "+4915112345678", text: CODE_TEXT });
    const outbox = await readSmsOutbox(dataDir);
    expect(outbox.map(({ siteId, to, text }) => ({ siteId, to, text }))).toEqual([
      { siteId: "milf-de", to: "+4915112345678", text: CODE_TEXT },
      { siteId: "flirt-nl", to: PHONE, text: "first" },
    ]);
    expect(Date.parse(outbox[0]!.sentAt)).not.toBeNaN();
    expect(outbox[0]!.id).not.toBe(outbox[1]!.id);
  });

  it("posts to Twilio's Messages resource with basic auth and a form body when SMS_URL is set", async () => {
    const { lines, log } = capturedLog();
    const sender = createSmsSender({ smsUrl: twilio.url(), dataDir: "/nonexistent", secret: (name) => CREDENTIALS[name as keyof typeof CREDENTIALS], log });
    expect(sender.kind).toBe("twilio");
    twilio.answerWith(created);
    await sender.send({ siteId: "flirt-nl", to: PHONE, text: CODE_TEXT });
    const request = twilio.received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`/2010-04-01/Accounts/${CREDENTIALS.TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${CREDENTIALS.TWILIO_ACCOUNT_SID}:${CREDENTIALS.TWILIO_AUTH_TOKEN}`).toString("base64")}`);
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(request.form)).toEqual({ To: PHONE, From: "FlirtNL", Body: CODE_TEXT });
    expect(lines.join("\n")).toContain("SM0123456789abcdef0123456789abcdef");
    expect(lines.join("\n")).not.toContain("482913");
  });

  it("throws and logs Twilio's error code when it refuses, never the text with the code or the number", async () => {
    const { lines, log } = capturedLog();
    const sender = createTwilioSmsSender({ apiUrl: twilio.url(), accountSid: CREDENTIALS.TWILIO_ACCOUNT_SID, authToken: "wrong", messagingServiceSid: "MG0123" }, log);
    twilio.answerWith((response) =>
      response
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ code: 21211, message: `The 'To' number ${PHONE} is not a valid phone number.`, status: 400 })),
    );
    await expect(sender.send({ siteId: "flirt-nl", to: PHONE, text: CODE_TEXT })).rejects.toThrow(/400, Twilio error 21211/);
    expect(Object.fromEntries(twilio.received.at(-1)!.form)).toEqual({ To: PHONE, MessagingServiceSid: "MG0123", Body: CODE_TEXT });
    const logged = lines.join("\n");
    expect(logged).toContain("21211");
    expect(logged).not.toContain("482913");
    expect(logged).not.toContain(PHONE);
  });

  it("gives up on a provider that does not answer in time", async () => {
    const { lines, log } = capturedLog();
    const sender = createTwilioSmsSender({ apiUrl: twilio.url(), accountSid: CREDENTIALS.TWILIO_ACCOUNT_SID, authToken: "slow", from: "+3197010000000", timeoutMs: 200 }, log);
    const silent: ServerResponse[] = [];
    twilio.answerWith((response) => void silent.push(response));
    await expect(sender.send({ siteId: "flirt-nl", to: PHONE, text: CODE_TEXT })).rejects.toThrow(/could not be sent/);
    expect(lines.join("\n")).toContain("Twilio did not answer");
    for (const response of silent) response.destroy();
  });

  it("refuses to start with SMS_URL but without the credentials, naming what is missing", () => {
    expect(() => createSmsSender({ smsUrl: twilio.url(), dataDir: "/nonexistent", secret: () => undefined, log: pino({ level: "silent" }) })).toThrow(SmsSetupError);
    expect(() => createSmsSender({ smsUrl: twilio.url(), dataDir: "/nonexistent", secret: (name) => (name.startsWith("TWILIO_A") ? "set" : undefined), log: pino({ level: "silent" }) })).toThrow(
      /TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    );
  });

  describe("on a running server", () => {
    let server: TestServer;
    let withTwilio: TestServer;

    beforeAll(async () => {
      server = await startTestServer();
      withTwilio = await startTestServer({ env: { SMS_URL: twilio.url(), ...CREDENTIALS } });
    });

    afterAll(async () => {
      await server?.stop();
      await withTwilio?.stop();
    });

    it("lists the outbox at /dev/sms on a *.localhost host from this machine, and answers 404 on a brand's own domain", async () => {
      await server.services.sms.send({ siteId: "flirt-nl", to: PHONE, text: CODE_TEXT });
      const viewer = await requestAs(server.port, "flirt-nl.localhost", "/dev/sms");
      expect(viewer.status).toBe(200);
      expect(viewer.body).toContain("SMS outbox");
      expect(viewer.body).toContain(CODE_TEXT);
      expect(viewer.body).toContain(PHONE);
      const outside = await requestAs(server.port, "flirtnl.example", "/dev/sms");
      expect(outside.status).toBe(404);
      expect(outside.body).not.toContain(CODE_TEXT);
    });

    it("sends through Twilio when the server's environment sets SMS_URL", async () => {
      expect(withTwilio.services.sms.kind).toBe("twilio");
      twilio.answerWith(created);
      const before = twilio.received.length;
      await withTwilio.services.sms.send({ siteId: "flirt-nl", to: PHONE, text: CODE_TEXT });
      expect(twilio.received.length).toBe(before + 1);
      expect(twilio.received.at(-1)!.form.get("Body")).toBe(CODE_TEXT);
      expect(await readSmsOutbox(withTwilio.dataDir)).toEqual([]);
    });
  });
});
