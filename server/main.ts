import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { EnvError, productionRules, readEnv, type Env } from "./env";
import { avatarTarget } from "./profiles/demo-avatars";
import { seedDemoMembers } from "./profiles/demo-members";
import { PaymentConfigError } from "./payments/providers";
import { drainOnSignals } from "./shutdown";
import { SiteConfigError } from "./sites/load";
import { startServer } from "./start";

/** The production entry (build/server.js): serves the built Remix app. */
async function main() {
  const env = readEnv();
  const buildFile = path.resolve("build/server/index.js");
  const build = (await import(buildFile)) as ServerBuild;
  // The Remix bundle and this one: what renders a page. Instances of one deploy agree on it.
  const buildVersion = await filesFingerprint([buildFile, fileURLToPath(import.meta.url)]);
  const consoleBuild = (await import(path.resolve("build/console/server/index.js"))) as ServerBuild;
  const running = await startServer({
    env,
    build,
    buildVersion,
    clientDir: path.resolve("build/client"),
    console: { build: consoleBuild, clientDir: path.resolve("build/console/client") },
  });
  await seedEmptyStore(running, env);
  const origin = (id: string) => `http://${id}.localhost:${running.port}/`;
  if (!productionRules(env)) {
    console.log(`\nAmora is serving ${running.sites.all().length} brands:`);
    for (const site of running.sites.all()) console.log(`  ${site.name.padEnd(16)} ${origin(site.id)}`);
    if (env.SUPPORT_HOST) {
      console.log(`\nThe support console: http://${env.SUPPORT_HOST}:${running.port}/`);
      // PGlite serves one process: the command waits for the server to stop.
      const when = env.DATABASE_URL ? "" : " while the server is stopped";
      console.log(`  staff accounts: npm run staff -- add <email> --role admin${when}`);
    }
    console.log("");
  }
  drainOnSignals({ stop: running.stop, openConnections: running.drain.openConnections, log: running.log }, { graceMs: env.SHUTDOWN_GRACE_MS });
}

async function filesFingerprint(files: string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const file of files) hash.update(await readFile(file));
  return hash.digest("base64url");
}

/**
 * A fresh install is lively: when the store holds no profile at all, DEMO_MEMBERS demo members
 * (default 400, none under production's rules, see productionRules) are created over every brand. Only here, in the
 * production entry: tests start the server without them. A failure is logged and the server keeps serving.
 */
async function seedEmptyStore(running: Awaited<ReturnType<typeof startServer>>, env: Env) {
  if (env.DEMO_MEMBERS === 0) return;
  try {
    const anyProfile = await running.store.db.selectFrom("profiles").select("id").limit(1).executeTakeFirst();
    if (anyProfile) return;
    const photos = running.services.photos;
    const result = await seedDemoMembers({
      db: running.store.db,
      sites: running.sites.all(),
      count: env.DEMO_MEMBERS,
      ...avatarTarget(photos, env.DATA_DIR),
      log: (line) => running.log.info(line),
    });
    running.log.info(
      { profiles: result.profiles, byPool: result.byPool, ms: result.milliseconds },
      `the store was empty: created ${result.profiles} demo members (DEMO_MEMBERS=0 turns this off)`,
    );
  } catch (error) {
    running.log.error({ err: error }, "creating demo members failed");
  }
}

main().catch((error: unknown) => {
  if (error instanceof SiteConfigError || error instanceof EnvError || error instanceof PaymentConfigError) {
    console.error(`Not starting. ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
