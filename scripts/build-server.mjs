// Compiles the HTTP entry (server/main.ts) to build/server.js, and the staff command
// (scripts/staff.ts) to build/staff.js, the direct-debit command (scripts/direct-debit.ts) to
// build/direct-debit.js, the mailing command (scripts/mailing.ts) to build/mailing.js, the
// landers command (scripts/landers.ts) to build/landers.js, the backup and restore commands
// (scripts/backup.ts, scripts/restore.ts) to build/backup.js and build/restore.js and the migration
// command (scripts/migrate.ts, the stack's one-shot job) to build/migrate.js, so they run where the
// image has no TypeScript tooling; packages stay in node_modules. And the landers' browser script
// (app/visitor-script, decision 050) beside the client's assets, named by its content, its name
// recorded in build/visitor-script.json for the server.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const shared = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", sourcemap: true, logLevel: "warning" };

await build({ ...shared, entryPoints: ["server/main.ts"], outfile: "build/server.js" });
await build({ ...shared, entryPoints: ["scripts/staff.ts"], outfile: "build/staff.js" });
await build({ ...shared, entryPoints: ["scripts/direct-debit.ts"], outfile: "build/direct-debit.js" });
await build({ ...shared, entryPoints: ["scripts/mailing.ts"], outfile: "build/mailing.js" });
await build({ ...shared, entryPoints: ["scripts/landers.ts"], outfile: "build/landers.js" });
await build({ ...shared, entryPoints: ["scripts/backup.ts"], outfile: "build/backup.js" });
await build({ ...shared, entryPoints: ["scripts/restore.ts"], outfile: "build/restore.js" });
await build({ ...shared, entryPoints: ["scripts/migrate.ts"], outfile: "build/migrate.js" });

const lander = await build({
  entryPoints: ["app/visitor-script/main.ts"],
  bundle: true,
  platform: "browser",
  format: "esm",
  target: "es2020",
  minify: true,
  outdir: "build/client/assets",
  entryNames: "visitor-script-[hash]",
  metafile: true,
  logLevel: "warning",
});
const [script] = Object.keys(lander.metafile.outputs).filter((file) => file.endsWith(".js"));
await writeFile("build/visitor-script.json", JSON.stringify({ script: `/assets/${path.basename(script)}` }));
