import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { PhotoStorage } from "../photos/storage";
import { BACKUP_FORMAT_VERSION, BackupRefused, DATABASE_FILES, fileDigest, writeManifest, type Manifest } from "./manifest";
import { copyPhotosOut, PHOTO_LIST } from "./photo-files";
import { holdEmbeddedStore } from "./pglite";
import { dumpPostgres } from "./postgres";

/** The stores of a deployment, as the environment names them (DATABASE_URL, else PGlite in DATA_DIR; the photo storage). */
export type Stores = { databaseUrl: string | undefined; dataDir: string; photos: PhotoStorage };

/**
 * Writes one backup into `dir` (new or empty): the database, then every photo file, then the
 * manifest. Photos are copied after the dump, so every photo a dumped row names is there (files
 * never change under their key). A backup that fails leaves the folder empty again.
 */
export async function createBackup(stores: Stores, dir: string): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new BackupRefused(`${dir} is not empty: a backup goes into a new or empty folder.`);
  const createdAt = new Date().toISOString();
  try {
    if (stores.databaseUrl) {
      const file = DATABASE_FILES.postgres;
      const dumped = await dumpPostgres(stores.databaseUrl, path.join(dir, file));
      return await finish({ stores, dir, createdAt, kind: "postgres", file, dumped });
    }
    // The embedded store stays locked until the photos are copied too: the server is stopped meanwhile.
    const embedded = await holdEmbeddedStore(stores.dataDir);
    try {
      const file = DATABASE_FILES.pglite;
      const dumped = await embedded.dump(path.join(dir, file));
      return await finish({ stores, dir, createdAt, kind: "pglite", file, dumped });
    } finally {
      await embedded.release();
    }
  } catch (error) {
    for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
    throw error;
  }
}

async function finish({
  stores,
  dir,
  createdAt,
  kind,
  file,
  dumped,
}: {
  stores: Stores;
  dir: string;
  createdAt: string;
  kind: Manifest["database"]["kind"];
  file: string;
  dumped: Awaited<ReturnType<typeof dumpPostgres>>;
}): Promise<Manifest> {
  const photos = await copyPhotosOut(stores.photos, dir);
  const manifest: Manifest = {
    format: "amora-backup",
    version: BACKUP_FORMAT_VERSION,
    createdAt,
    database: { kind, serverVersion: dumped.serverVersion, file, ...(await fileDigest(path.join(dir, file))), ...dumped.contents },
    photos: { source: stores.photos.kind, count: photos.count, bytes: photos.bytes, list: PHOTO_LIST, listSha256: photos.listSha256 },
  };
  await writeManifest(dir, manifest);
  return manifest;
}
