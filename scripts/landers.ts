// `npm run landers -- [--site <id>]`: lists the lander addresses of every brand, or of one, on its
// primary domain: each design in each of the brand's languages (the slug names the language and
// niche, §2). Reads the brand files in SITES_DIR.
// `npm run landers -- --stats [--site <id>] [--days <n>]`: each lander's conversion numbers over the
// last n days (30 unless given), from the store the environment names (DATABASE_URL, else PGlite in
// DATA_DIR), migrated first: visits, signups, activations and first purchases per design, slug and
// traffic source. Bad input: one line on stderr, exit 2.
import { landerConversions, type LanderConversion } from "../server/analytics/lander-stats";
import { openStore, StoreInUseError } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { formatProblems, loadSites } from "../server/sites/load";
import { landerAddresses } from "../server/sites/landing-slug";
import type { Site } from "../server/sites/schema";
import { readCommandLine, readEnvOrExit, refuse } from "./command-line";

const USAGE = "usage: npm run landers -- [--site <id>] | --stats [--site <id>] [--days <n>]";
const MOST_DAYS = 3_660;

const args = readCommandLine({ site: { type: "string" }, stats: { type: "boolean" }, days: { type: "string" } }, USAGE);
if (args.positionals.length > 0) refuse(`Unexpected "${args.positionals.join(" ")}". ${USAGE}`);
if (args.values.days !== undefined && !args.values.stats) refuse(`--days is only for --stats. ${USAGE}`);
const days = Number(args.values.days ?? 30);
if (!Number.isInteger(days) || days < 1 || days > MOST_DAYS) refuse(`--days takes a whole number of days from 1 to ${MOST_DAYS}, not "${args.values.days}".`);
const env = readEnvOrExit();
const { sites, problems } = await loadSites(env.SITES_DIR);
// A broken brand file is not listed (the server would not serve it either); the others are.
if (problems.length > 0) console.error(`${formatProblems(problems)}\n`);
const chosen = args.values.site === undefined ? sites : sites.filter((site) => site.id === args.values.site);
if (chosen.length === 0) refuse(args.values.site === undefined ? `No brand files in ${env.SITES_DIR}.` : `No brand "${args.values.site}".`);

if (args.values.stats) await printStats(chosen);
else printAddresses(chosen);

function printAddresses(chosen: Site[]) {
  for (const site of chosen) {
    console.log(`${site.name} (${site.id})`);
    for (const { language, design, url } of landerAddresses(site)) console.log(`  ${(language ?? "*").padEnd(4)}${design.padEnd(25)}${url}`);
    console.log();
  }
  console.log("* follows the visitor's language");
}

async function printStats(chosen: Site[]) {
  const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 }).catch((error: unknown) =>
    // The embedded store while the server runs: say so, not a stack trace.
    error instanceof StoreInUseError ? refuse(error.message) : Promise.reject(error),
  );
  try {
    await migrate(store);
    const rows = await landerConversions(store.db, { since, siteId: args.values.site });
    for (const site of chosen) {
      console.log(`${site.name} (${site.id}): ${days} days from ${since} (UTC)`);
      const ofSite = rows.filter((row) => row.siteId === site.id);
      if (ofSite.length === 0) console.log("  no lander visits or signups in these days");
      else for (const line of statsTable(ofSite)) console.log(`  ${line}`);
      console.log();
    }
    console.log("source: the tracking query's network (-: none); activated and bought: of the signups in these days, at any time since");
  } finally {
    await store.close();
  }
}

function statsTable(rows: LanderConversion[]): string[] {
  const header = ["design", "slug", "source", "visits", "signups", "activated", "bought", "signups/visits"];
  const cells = rows.map((row) => [
    row.design,
    row.slug || "-",
    row.source || "-",
    String(row.visits),
    String(row.signups),
    String(row.activations),
    String(row.firstPurchases),
    row.visits > 0 ? `${((100 * row.signups) / row.visits).toFixed(1)} %` : "-",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  // Names to the left, numbers to the right.
  const format = (line: string[]) => line.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [format(header), ...cells.map(format)];
}
