import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

/** One rendered e-mail: what the outbox stores and a transport sends. */
export type MailMessage = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export type MailTransport = {
  readonly kind: "smtp" | "folder";
  send(message: MailMessage): Promise<void>;
};

/** SMTP through nodemailer when SMTP_URL is set; otherwise one JSON file per message in DATA_DIR/mail. */
export function createMailTransport({ smtpUrl, dataDir }: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl);
    return { kind: "smtp", send: async (message) => void (await smtp.sendMail(message)) };
  }
  const folder = mailFolder(dataDir);
  let sequence = 0;
  return {
    kind: "folder",
    async send(message) {
      await mkdir(folder, { recursive: true });
      // Names sort by time (and order within a millisecond), so the newest message is the last file.
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.json`;
      await writeFile(path.join(folder, name), JSON.stringify(message, null, 2));
    },
  };
}

export function mailFolder(dataDir: string): string {
  return path.join(dataDir, "mail");
}

export type StoredMail = MailMessage & { id: string };

/** The messages the folder transport wrote, newest first (the development mail viewer). */
export async function readMailFolder(dataDir: string, limit = 100): Promise<StoredMail[]> {
  const folder = mailFolder(dataDir);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".json")).sort().reverse().slice(0, limit);
  return Promise.all(
    names.map(async (name) => ({ id: path.basename(name, ".json"), ...(JSON.parse(await readFile(path.join(folder, name), "utf8")) as MailMessage) })),
  );
}
