import { mkdtemp } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport, readMailFolder, type MailMessage } from "../../server/mail/transport";

const message: MailMessage = {
  to: "sanne@example.com",
  from: '"FlirtNL" <no-reply@flirtnl.example>',
  subject: "Bevestig je e-mailadres bij FlirtNL",
  text: "Hoi Sanne,\n\nhttps://flirtnl.example/activate?token=abc",
  html: "<p>Hoi Sanne,</p>",
  headers: { "Auto-Submitted": "auto-generated" },
};

describe("mail transports", () => {
  let smtp: SMTPServer;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  });

  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

  it("sends over SMTP when SMTP_URL is set, with a text and an HTML part", async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: "/nonexistent" });
    expect(transport.kind).toBe("smtp");
    await transport.send(message);
    const raw = received.at(-1) ?? "";
    expect(raw).toContain("To: sanne@example.com");
    expect(raw).toContain("Subject: Bevestig je e-mailadres bij FlirtNL");
    expect(raw).toContain("Auto-Submitted: auto-generated");
    expect(raw).toContain("text/plain");
    expect(raw).toContain("text/html");
  });

  it("writes one JSON file per message otherwise, read back newest first", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "amora-mail-"));
    const transport = createMailTransport({ dataDir });
    await transport.send(message);
    await transport.send({ ...message, subject: "second" });
    const mails = await readMailFolder(dataDir);
    expect(mails.map((mail) => mail.subject)).toEqual(["second", message.subject]);
    expect(mails[1]).toMatchObject(message);
  });
});
