// `npm run mailing -- news --site <id> --subject-file <file> --text-file <file>`: starts a brand's news
// mailing. The subject (one line) and the text (paragraphs split by blank lines) are read from files,
// in the one language the brand's members read the mailing in. It is stored and queued as a job; the
// running server sends it through the mail queue in batches, only to members who opted in to news
// (and not to deleted, banned or bounced ones), each member once. Works on the store the environment
// names (DATABASE_URL, else PGlite in DATA_DIR, which the server must not have open), migrated first.
// Bad input: one line on stderr, exit 2.
import { readFile, stat } from "node:fs/promises";
import { openStore, StoreInUseError } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { productionRules } from "../server/env";
import { createLogger } from "../server/log";
import { startMailing } from "../server/notifications/campaigns";
import { SiteRegistry } from "../server/sites/registry";
import { syncSites } from "../server/sites/sync";
import { readCommandLine, readEnvOrExit, refuse } from "./command-line";

const USAGE = "usage: npm run mailing -- news --site <id> --subject-file <file> --text-file <file>";
const MAX_SUBJECT = 200;
const MAX_TEXT_BYTES = 100 * 1024;

const args = readCommandLine({ site: { type: "string" }, "subject-file": { type: "string" }, "text-file": { type: "string" } }, USAGE);
const [command, ...extra] = args.positionals;
if (command !== "news") refuse(command ? `Unknown mailing "${command}". ${USAGE}` : USAGE);
if (extra.length > 0) refuse(`Unexpected "${extra.join(" ")}". ${USAGE}`);
const { site: siteId, "subject-file": subjectFile, "text-file": textFile } = args.values;
if (!siteId || !subjectFile || !textFile) refuse(`--site, --subject-file and --text-file are all needed. ${USAGE}`);

async function readText(file: string, limit: number): Promise<string> {
  const size = await stat(file).then((info) => info.size, () => refuse(`Cannot read "${file}".`));
  if (size > limit) refuse(`"${file}" is ${size} bytes: at most ${limit}.`);
  return (await readFile(file, "utf8")).replace(/\r\n?/g, "\n").trim();
}

const subject = await readText(subjectFile, MAX_SUBJECT * 4);
const text = await readText(textFile, MAX_TEXT_BYTES);
if (!subject || subject.includes("\n") || subject.length > MAX_SUBJECT) refuse(`The subject must be one line of 1 to ${MAX_SUBJECT} characters.`);
if (!text) refuse(`"${textFile}" is empty.`);

const env = readEnvOrExit();
const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
const sites = await SiteRegistry.open({ dir: env.SITES_DIR, allowLocalhostIds: !productionRules(env), log });
if (!sites.byId(siteId)) refuse(`No brand "${siteId}".`);

const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 }).catch((error: unknown) =>
  error instanceof StoreInUseError ? refuse(error.message) : Promise.reject(error),
);
try {
  await migrate(store);
  // A store the server never started on knows no brands yet (the mailing names one).
  await syncSites(store, sites.all());
  const id = await startMailing({ store }, { siteId, subject, body: text });
  console.log(`Mailing ${id} for ${siteId} queued: the server sends it in batches to the members who opted in to news.`);
} finally {
  sites.close();
  await store.close();
}
