import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Store } from "./database";

export const MIGRATIONS_DIR = path.resolve("server/db/migrations");

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/**
 * Applies the plain SQL files of `dir` not applied yet, in name order, in one transaction under an
 * advisory lock, so instances starting together on one PostgreSQL apply each file exactly once.
 * Returns the names it applied. Names applied by a newer release are left alone: during a rolling
 * deploy the previous release runs on the new schema, so a migration only adds, and takes away one
 * release later, marked `-- contract: <file>` (docs/decisions/051-production-stack-and-migrations.md;
 * npm run migrations:check).
 */
export async function migrate(store: Store, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".sql")).sort();
  const misnamed = files.find((name) => !MIGRATION_FILE.test(name));
  if (misnamed) throw new Error(`Migration ${misnamed} must be named like 0002_add_profiles.sql`);
  const scripts = await Promise.all(files.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), "utf8") })));

  return store.transactionScript(async (tx) => {
    await tx.exec("select pg_advisory_xact_lock(4771063)");
    await tx.exec(
      "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    const applied = new Set((await tx.rows<{ name: string }>("select name from schema_migrations")).map((row) => row.name));
    const pending = scripts.filter((script) => !applied.has(script.name));
    for (const script of pending) {
      await tx.exec(script.sql);
      await tx.exec(`insert into schema_migrations (name) values ('${script.name}')`);
    }
    return pending.map((script) => script.name);
  });
}
