import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where the landers' script is (decision 050). The build writes it beside the client's assets,
 * named by its content, and records the name in build/lander-client.json; in development Vite
 * serves its source.
 */
export const LANDER_SCRIPT_SOURCE = "/app/lander-client/main.ts";

/** The built script's address, or undefined for a build without one (the landers then run the framework). */
export async function builtLanderScript(clientDir: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(clientDir, "..", "lander-client.json"), "utf8")) as { script?: unknown };
    return typeof manifest.script === "string" ? manifest.script : undefined;
  } catch {
    return undefined;
  }
}
