// `npm run seed -- --members N [--site id …]`: adds N demo members to the store the environment
// names (DATABASE_URL, else PGlite in DATA_DIR), spread over every brand's pool or only the named
// brands' pools, with their avatar files in the photo storage. Migrates and syncs the brands first.
import { parseArgs } from "node:util";
import { openStore } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { EnvError, readEnv } from "../server/env";
import { createPhotoStorage } from "../server/photos/storage";
import { avatarTarget } from "../server/profiles/demo-avatars";
import { seedDemoMembers } from "../server/profiles/demo-members";
import { formatProblems, loadSites } from "../server/sites/load";
import { syncSites } from "../server/sites/sync";

const USAGE = "usage: npm run seed -- --members N [--site id ...]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: ReturnType<typeof parseArgs<{ options: { members: { type: "string" }; site: { type: "string"; multiple: true }; help: { type: "boolean" } } }>>;
try {
  args = parseArgs({ options: { members: { type: "string" }, site: { type: "string", multiple: true }, help: { type: "boolean" } } });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = Number(args.values.members);
if (!args.values.members || !Number.isInteger(count) || count < 1) fail(`--members must be a whole number of at least 1\n${USAGE}`);

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}

const { sites, problems } = await loadSites(env.SITES_DIR);
if (problems.length > 0) fail(`The site files have problems:\n${formatProblems(problems)}`);
const wanted = args.values.site ?? [];
const unknown = wanted.filter((id) => !sites.some((site) => site.id === id));
if (unknown.length > 0) fail(`No site ${unknown.join(", ")} in ${env.SITES_DIR}; the sites are ${sites.map((site) => site.id).join(", ")}`);
const targets = wanted.length > 0 ? sites.filter((site) => wanted.includes(site.id)) : sites;

const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
try {
  const applied = await migrate(store);
  if (applied.length > 0) console.log(`Applied ${applied.join(", ")}`);
  // Profiles reference their site, so every brand is in the sites table before a row is written.
  await syncSites(store, sites);

  const photos = createPhotoStorage(env);
  console.log(`Seeding ${count.toLocaleString("en")} demo members into ${store.engine} (${targets.map((site) => site.id).join(", ")})…`);
  const result = await seedDemoMembers({
    db: store.db,
    sites: targets,
    count,
    ...avatarTarget(photos, env.DATA_DIR),
    log: (line) => console.log(`  ${line}`),
  });
  const pools = Object.entries(result.byPool).map(([pool, rows]) => `${pool} ${rows.toLocaleString("en")}`);
  const seconds = (result.milliseconds / 1000).toFixed(1);
  console.log(`Created ${result.profiles.toLocaleString("en")} profiles and ${result.photos.toLocaleString("en")} photos in ${seconds} s (${pools.join(", ")}).`);
} finally {
  await store.close();
}
