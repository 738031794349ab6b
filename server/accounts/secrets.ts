import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The cookie-signing secrets: SESSION_SECRETS when set (production must set it), else one made on
 * first start and kept in DATA_DIR, so sessions survive a restart of a development machine.
 */
export async function sessionSecrets(configured: string[] | undefined, dataDir: string): Promise<string[]> {
  if (configured) return configured;
  const file = path.join(dataDir, "session-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim().length >= 32) return [existing.trim()];
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return [secret];
}
