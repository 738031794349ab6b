import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { access, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { openStore } from "../../server/db/database";
import { migrate, MIGRATIONS_DIR } from "../../server/db/migrate";

/**
 * A fresh PostgreSQL database for one test file when DATABASE_URL is set (CI's second pass),
 * so no test sees another's data; undefined means the embedded PGlite.
 */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `amora_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A data folder of one's own for a store or server. Without a database URL the store is PGlite in
 * it, which starts as a copy of an already migrated one: a PGlite created from nothing costs
 * seconds of CPU each time (its initdb), a copy a tenth of one. The migrations themselves run from
 * nothing in the copy's making and in the store tests.
 */
export async function freshDataDir(label: string, databaseUrl: string | undefined): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `amora-${label}-`));
  if (!databaseUrl) await promisify(execFile)("cp", ["-R", await migratedPglite(), path.join(dir, "pglite")]);
  return dir;
}

let template: Promise<string> | undefined;

/**
 * The PGlite folder with every migration applied, made once for the migration files and PGlite
 * version at hand and shared by later files and runs; never opened, only copied. Test files that
 * race to make it each build their own and one rename wins.
 */
function migratedPglite(): Promise<string> {
  return (template ??= (async () => {
    const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")).sort();
    const hash = createHash("sha256").update((await readFile(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")));
    for (const name of names) hash.update(name).update(await readFile(path.join(MIGRATIONS_DIR, name)));
    const ready = path.join(tmpdir(), `amora-pglite-migrated-${hash.digest("hex").slice(0, 16)}`);
    if (await access(ready).then(() => true, () => false)) return ready;
    const building = await mkdtemp(path.join(tmpdir(), "amora-pglite-building-"));
    const store = await openStore({ dataDir: building });
    await migrate(store);
    await store.close();
    await rename(path.join(building, "pglite"), ready).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    });
    await rm(building, { recursive: true, force: true });
    return ready;
  })());
}
