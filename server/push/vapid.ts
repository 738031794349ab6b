import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import { EnvError } from "../env";
import { VAPID_PRIVATE_KEY_PATTERN, VAPID_PUBLIC_KEY_PATTERN } from "./key-format";

export type VapidKeys = { publicKey: string; privateKey: string };

const KEY_FILE = "vapid-keys.json";

function readable(text: string): VapidKeys | undefined {
  try {
    const keys = JSON.parse(text) as Partial<VapidKeys>;
    if (typeof keys.publicKey === "string" && typeof keys.privateKey === "string" && VAPID_PUBLIC_KEY_PATTERN.test(keys.publicKey) && VAPID_PRIVATE_KEY_PATTERN.test(keys.privateKey)) {
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    }
  } catch {
    // A damaged file is replaced below, as a missing one is.
  }
  return undefined;
}

/**
 * The push keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (production must set them, as
 * subscriptions are bound to the public key), else a pair made on first start and kept in DATA_DIR,
 * so browsers stay subscribed across restarts of a development machine.
 */
export async function vapidKeys(configured: Partial<VapidKeys>, { dataDir, production }: { dataDir: string; production: boolean }): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  if (production) throw new EnvError("Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: are required in production (see docs/decisions/006-dependencies.md)");
  const file = path.join(dataDir, KEY_FILE);
  const existing = readable(await readFile(file, "utf8").catch(() => ""));
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(generated), { mode: 0o600 });
  return generated;
}
