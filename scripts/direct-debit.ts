// `npm run direct-debit -- collect [--site <id>]`: the collection run. For every brand with
// direct_debit (or the one named), its confirmed direct debits not yet collected go into one SEPA
// pain.008 file under DATA_DIR/sepa/<site id>/ for the bank, and become paid. Safe to run again at
// any time, also after a crash: nothing is collected twice, a missing file is written again.
// `npm run direct-debit -- returns <file>`: applies the bank's return report (camt.054): each
// returned debit is charged back, its unspent credits taken back; reading it twice changes nothing twice.
// Works on the store the environment names (DATABASE_URL, else PGlite in DATA_DIR), migrated first.
// Bad input: one line on stderr, exit 2.
import { readFile, stat } from "node:fs/promises";
import { openBus } from "../server/bus";
import { runCollection } from "../server/directdebit/collection";
import { openIbanVault } from "../server/directdebit/iban-vault";
import { applyReturnReport } from "../server/directdebit/returns";
import { parseReturnReport, ReturnReportError } from "../server/directdebit/returns-report";
import { openStore, StoreInUseError } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { productionRules } from "../server/env";
import { createLogger } from "../server/log";
import { SiteRegistry } from "../server/sites/registry";
import { readCommandLine, readEnvOrExit, refuse } from "./command-line";

const USAGE = "usage: npm run direct-debit -- collect [--site <id>] | returns <camt.054 file>";
/** A bank's notification of a day is kilobytes; anything this large is not one. */
const MAX_REPORT_BYTES = 50 * 1024 * 1024;

const args = readCommandLine({ site: { type: "string" } }, USAGE);
const [command, fileArgument, ...extra] = args.positionals;
if (command !== "collect" && command !== "returns") refuse(command ? `Unknown command "${command}". ${USAGE}` : USAGE);
if (extra.length > 0 || (command === "collect" && fileArgument !== undefined)) refuse(`Unexpected "${[fileArgument, ...extra].filter(Boolean).join(" ")}". ${USAGE}`);
if (command === "returns" && args.values.site !== undefined) refuse(`--site is only for "collect": a return report names its own payments. ${USAGE}`);
if (command === "returns" && !fileArgument) refuse(`"returns" needs the bank's camt.054 file. ${USAGE}`);

const env = readEnvOrExit();
const production = productionRules(env);
// The summary lines are the output; the logs add only warnings unless a finer LOG_LEVEL than the default asks.
const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
const sites = await SiteRegistry.open({ dir: env.SITES_DIR, allowLocalhostIds: !production, log });

// The report is read and checked before the store opens: a wrong file changes nothing.
let report: ReturnType<typeof parseReturnReport> | undefined;
if (command === "returns") {
  const size = await stat(fileArgument!).then((info) => info.size, () => refuse(`Cannot read "${fileArgument}".`));
  if (size > MAX_REPORT_BYTES) refuse(`"${fileArgument}" is ${size} bytes: too large for a return report.`);
  try {
    report = parseReturnReport(await readFile(fileArgument!, "utf8"));
  } catch (error) {
    refuse(error instanceof ReturnReportError ? `"${fileArgument}" is not a return report: ${error.message}.` : String(error));
  }
}
const brands = sites.all().filter((site) => site.direct_debit && (args.values.site === undefined || site.id === args.values.site));
if (command === "collect" && args.values.site !== undefined && brands.length === 0) {
  refuse(sites.byId(args.values.site) ? `${args.values.site} offers no direct debit (no direct_debit in its brand file).` : `No brand "${args.values.site}".`);
}

const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 }).catch((error: unknown) =>
  // The embedded store while the server runs: say so, not a stack trace.
  error instanceof StoreInUseError ? refuse(error.message) : Promise.reject(error),
);
// Over Redis the members' open tabs on the app instances hear of their payments at once.
const bus = await openBus(env.REDIS_URL, env.REDIS_PREFIX);
let exitCode = 0;
try {
  await migrate(store);
  const ibanVault = await openIbanVault({ ibanKey: env.IBAN_KEY, dataDir: env.DATA_DIR, production });
  const services = { store, bus, log, sites, dataDir: env.DATA_DIR, ibanVault };
  if (report) {
    const applied = await applyReturnReport({ services, report });
    console.log(`Report ${applied.messageId}: ${applied.applied} returned debits applied, ${applied.duplicates} already applied, ${applied.blocked} IBANs blocked.`);
    if (applied.refused > 0) console.log(`${applied.refused} could not be applied (see payment_events).`);
    if (applied.unknown.length > 0) {
      console.error(`Not ours or not collected: ${applied.unknown.join(", ")}`);
      exitCode = 3;
    }
  } else {
    if (brands.length === 0) console.log("No brand offers direct debit.");
    for (const site of brands) {
      const run = await runCollection({ services, site });
      const created = run.created
        ? `collected ${run.created.paymentCount} debits, ${(run.created.totalAmount / 100).toFixed(2)} ${run.created.currency}, in ${run.created.fileName}`
        : "nothing new to collect";
      const rewritten = run.filesRewritten.length > 0 ? `; wrote missing ${run.filesRewritten.join(", ")} again` : "";
      console.log(`${site.id}: ${created}${rewritten}; ${run.paid} payments paid.`);
    }
  }
} finally {
  sites.close();
  await bus.close();
  await store.close();
}
process.exit(exitCode);
