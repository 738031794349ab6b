import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A secret made on first use and kept in DATA_DIR (mode 0600), so what it signs still verifies after
 * a restart of a development machine. Production gives its secrets in the environment instead.
 */
export async function keptSecret(dataDir: string, fileName: string): Promise<string> {
  const file = path.join(dataDir, fileName);
  const existing = (await readFile(file, "utf8").catch(() => "")).trim();
  if (existing.length >= 32) return existing;
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  try {
    // "wx": of two instances starting together, one writes and the other reads what it wrote.
    await writeFile(file, secret, { mode: 0o600, flag: existing ? "w" : "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readFile(file, "utf8")).trim();
  }
}
