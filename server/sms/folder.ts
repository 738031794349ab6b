import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SmsMessage, SmsSender } from "./sender";

/** One message the folder transport wrote, as the development viewer lists it. */
export type StoredSms = SmsMessage & { id: string; sentAt: string };

export function smsFolder(dataDir: string): string {
  return path.join(dataDir, "sms");
}

/** The default transport: one JSON file per message in DATA_DIR/sms, nothing leaves the machine. */
export function createFolderSmsSender(dataDir: string): SmsSender {
  const folder = smsFolder(dataDir);
  let sequence = 0;
  return {
    kind: "folder",
    async send(message) {
      await mkdir(folder, { recursive: true });
      const sentAt = new Date().toISOString();
      // Names sort by time (and order within a millisecond), so the newest message is the last file.
      sequence += 1;
      const id = `${sentAt.replace(/[:.]/g, "-")}-${String(sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}`;
      const stored: Omit<StoredSms, "id"> = { siteId: message.siteId, to: message.to, text: message.text, sentAt };
      // Written aside and renamed, so a reader never meets half a file.
      const partial = path.join(folder, `.${id}.partial`);
      await writeFile(partial, JSON.stringify(stored, null, 2));
      await rename(partial, path.join(folder, `${id}.json`));
    },
  };
}

/** The messages the folder transport wrote, newest first. */
export async function readSmsOutbox(dataDir: string, limit = 100): Promise<StoredSms[]> {
  const folder = smsFolder(dataDir);
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    names.map(async (name) => {
      const stored = JSON.parse(await readFile(path.join(folder, name), "utf8")) as Omit<StoredSms, "id">;
      return { id: path.basename(name, ".json"), siteId: stored.siteId, to: stored.to, text: stored.text, sentAt: stored.sentAt };
    }),
  );
}
