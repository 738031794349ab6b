import { readdir } from "node:fs/promises";
import path from "node:path";
import { MIGRATIONS_DIR } from "../db/migrate";
import type { Stores } from "./backup";
import { tablesWithRows, type Contents } from "./contents";
import { BackupRefused, DATABASE_FILES, readManifest, verifyFile, type Manifest } from "./manifest";
import { copyPhotosIn, holdsPhotos, removePhotosNotIn, verifyPhotos } from "./photo-files";
import { holdEmbeddedStore } from "./pglite";
import { postgresContents, restorePostgres } from "./postgres";

export type Restored = { manifest: Manifest; photosRemoved: number };

/**
 * Puts a backup back: the stores end up holding exactly what the backup holds. Everything is
 * checked before anything changes (the manifest, the schema's level, every file's checksum, that
 * the stores are empty unless `force`); then the photos are added, the database is replaced in
 * one step that checks every table's count, and the photos the backup does not have are removed.
 * A restore that fails before that last step leaves the database as it was.
 */
export async function restoreBackup(stores: Stores, dir: string, { force = false }: { force?: boolean } = {}): Promise<Restored> {
  const manifest = await readManifest(dir);
  const { database } = manifest;
  const kind = stores.databaseUrl ? "postgres" : "pglite";
  if (database.kind !== kind) {
    throw new BackupRefused(
      database.kind === "postgres"
        ? "This backup holds a PostgreSQL database: set DATABASE_URL to the database to restore it into."
        : "This backup holds the embedded store (PGlite): restore it without DATABASE_URL, into DATA_DIR.",
    );
  }
  await refuseNewerSchema(database.migrations);
  if (database.file !== DATABASE_FILES[kind]) {
    throw new BackupRefused(`The manifest names ${database.file} as the database file; a ${kind} backup has ${DATABASE_FILES[kind]}.`);
  }
  await verifyFile(dir, database.file, database);
  const photoKeys = await verifyPhotos(dir, manifest.photos);
  const expected: Contents = { migrations: database.migrations, rows: database.rows };

  if (stores.databaseUrl) {
    const databaseUrl = stores.databaseUrl;
    await refuseUnlessEmpty(await postgresContents(databaseUrl), stores, force);
    await copyPhotosIn(stores.photos, dir, photoKeys);
    await restorePostgres(databaseUrl, path.join(dir, database.file), expected);
  } else {
    const embedded = await holdEmbeddedStore(stores.dataDir);
    try {
      await refuseUnlessEmpty(await embedded.contents(), stores, force);
      await copyPhotosIn(stores.photos, dir, photoKeys);
      await embedded.restore(path.join(dir, database.file), expected);
    } finally {
      await embedded.release();
    }
  }
  const photosRemoved = await removePhotosNotIn(stores.photos, photoKeys).catch((error: Error) => {
    throw new Error(`The database and the photos were restored, but removing the photo files the backup does not have failed (run the restore again to finish): ${error.message}`);
  });
  return { manifest, photosRemoved };
}

/** A backup whose schema has migrations this release does not know was made by a later release. */
async function refuseNewerSchema(applied: string[]): Promise<void> {
  const known = new Set((await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith(".sql")));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupRefused(
      `This backup's schema is newer than this release's (it has migration ${unknown.join(", ")}): restore it with the release that made it, or a later one.`,
    );
  }
}

async function refuseUnlessEmpty(contents: Contents, stores: Stores, force: boolean): Promise<void> {
  if (force) return;
  const tables = tablesWithRows(contents);
  const photos = await holdsPhotos(stores.photos);
  if (tables.length === 0 && !photos) return;
  const held = [tables.length > 0 ? `rows in ${tables.map(([table, rows]) => `${table} (${rows})`).join(", ")}` : "", photos ? "photo files" : ""].filter(Boolean);
  throw new BackupRefused(`The store already holds data (${held.join("; ")}). Restoring replaces all of it: run again with --force to do that.`);
}
