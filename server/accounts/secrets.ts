import { keptSecret } from "../kept-secret";

/**
 * The cookie-signing secrets: SESSION_SECRETS when set (production must set it), else one made on
 * first start and kept in DATA_DIR, so sessions survive a restart of a development machine.
 */
export async function sessionSecrets(configured: string[] | undefined, dataDir: string): Promise<string[]> {
  return configured ?? [await keptSecret(dataDir, "session-secret")];
}
