// `npm run landers -- [--site <id>]`: lists the lander addresses of every brand, or of one, on its
// primary domain: each design in each of the brand's languages (the slug names the language and
// niche, §2). Reads the brand files in SITES_DIR. Bad input: one line on stderr, exit 2.
import { formatProblems, loadSites } from "../server/sites/load";
import { landerAddresses } from "../server/sites/landing-slug";
import { readCommandLine, readEnvOrExit, refuse } from "./command-line";

const USAGE = "usage: npm run landers -- [--site <id>]";

const args = readCommandLine({ site: { type: "string" } }, USAGE);
if (args.positionals.length > 0) refuse(`Unexpected "${args.positionals.join(" ")}". ${USAGE}`);
const env = readEnvOrExit();
const { sites, problems } = await loadSites(env.SITES_DIR);
// A broken brand file is not listed (the server would not serve it either); the others are.
if (problems.length > 0) console.error(`${formatProblems(problems)}\n`);
const chosen = args.values.site === undefined ? sites : sites.filter((site) => site.id === args.values.site);
if (chosen.length === 0) refuse(args.values.site === undefined ? `No brand files in ${env.SITES_DIR}.` : `No brand "${args.values.site}".`);

for (const site of chosen) {
  console.log(`${site.name} (${site.id})`);
  for (const { language, design, url } of landerAddresses(site)) console.log(`  ${(language ?? "*").padEnd(4)}${design.padEnd(25)}${url}`);
  console.log();
}
console.log("* follows the visitor's language");
