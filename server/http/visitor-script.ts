import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where the visitors' script is (decision 050). The build writes it beside the client's assets,
 * named by its content, and records the name in build/visitor-script.json; in development Vite
 * serves its source.
 */
export const VISITOR_SCRIPT_SOURCE = "/app/visitor-script/main.ts";

/** The built script's address, or undefined for a build without one (those pages then run the framework). */
export async function builtVisitorScript(clientDir: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(clientDir, "..", "visitor-script.json"), "utf8")) as { script?: unknown };
    return typeof manifest.script === "string" ? manifest.script : undefined;
  } catch {
    return undefined;
  }
}
