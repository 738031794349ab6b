// The shared edge of the server's own commands (staff, direct-debit, backup, restore): bad input is one line on
// stderr and exit code 2; --help prints the usage.
import { parseArgs } from "node:util";
import { EnvError, readEnv } from "../server/env";

/** Says what is wrong in one line and stops with exit code 2. */
export function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

type NamedOptions = Record<string, { type: "string" } | { type: "boolean" }>;
type OptionValues<Options extends NamedOptions> = { [Name in keyof Options]?: Options[Name] extends { type: "boolean" } ? boolean : string };

/** The command line's words and the named options (strings and switches); a malformed line or --help ends here. */
export function readCommandLine<Options extends NamedOptions>(options: Options, usage: string) {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ options: { ...options, help: { type: "boolean" } }, allowPositionals: true });
  } catch (error) {
    refuse(`${(error as Error).message}. ${usage}`);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return { positionals: parsed.positionals, values: parsed.values as OptionValues<Options> };
}

/** The one word a command takes (a folder, say): none or more is refused with the usage. */
export function onlyWord(positionals: string[], usage: string): string {
  const [word, ...extra] = positionals;
  if (!word) refuse(usage);
  if (extra.length > 0) refuse(`Unexpected "${extra.join(" ")}". ${usage}`);
  return word;
}

/** The environment's settings; a wrong one is said in one line, exit code 1 (as the server does). */
export function readEnvOrExit(): ReturnType<typeof readEnv> {
  try {
    return readEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : String(error));
    process.exit(1);
  }
}
