import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { EnvError, readEnv } from "./env";
import { SiteConfigError } from "./sites/load";
import { startServer } from "./start";

/** The production entry (build/server.js): serves the built Remix app. */
async function main() {
  const env = readEnv();
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const running = await startServer({ env, build, clientDir: path.resolve("build/client") });
  const origin = (id: string) => `http://${id}.localhost:${running.port}/`;
  if (env.NODE_ENV !== "production") {
    console.log(`\nAmora is serving ${running.sites.all().length} brands:`);
    for (const site of running.sites.all()) console.log(`  ${site.name.padEnd(16)} ${origin(site.id)}`);
    console.log("");
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      running.log.info({ signal }, "stopping");
      void running.stop().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof SiteConfigError || error instanceof EnvError) {
    console.error(`Not starting. ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
