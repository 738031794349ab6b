// `npm run restore -- <folder> [--force]`: puts a backup made by `npm run backup` back into the
// stores the environment names, checking every file's checksum first. The stores must be empty
// (a new machine, a new database) unless --force: then everything in them is replaced. The server
// stays stopped meanwhile (the embedded store refuses otherwise) and is started after; it applies
// any migration this release adds. Refused: one line on stderr, nothing changed, exit 2.
import { BackupRefused } from "../server/backup/manifest";
import { restoreBackup } from "../server/backup/restore";
import { StoreInUseError } from "../server/db/database";
import { createPhotoStorage } from "../server/photos/storage";
import { onlyWord, readCommandLine, readEnvOrExit, refuse } from "./command-line";

const USAGE = "usage: npm run restore -- <backup folder> [--force]  (--force replaces what the stores hold)";

const { positionals, values } = readCommandLine({ force: { type: "boolean" } }, USAGE);
const folder = onlyWord(positionals, USAGE);

const env = readEnvOrExit();
const started = Date.now();
try {
  const stores = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, photos: createPhotoStorage(env) };
  const { manifest, photosRemoved } = await restoreBackup(stores, folder, { force: values.force });
  const { database, photos } = manifest;
  console.log(`Restored the backup of ${manifest.createdAt} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  console.log(`  database  ${database.kind}, ${database.migrations.length} migrations, every table's rows as counted in the backup`);
  const removed = photosRemoved > 0 ? `; ${photosRemoved} more the backup does not have were removed` : "";
  console.log(`  photos    ${photos.count === 1 ? "1 file" : `${photos.count} files`}${removed}`);
} catch (error) {
  if (error instanceof BackupRefused || error instanceof StoreInUseError) refuse(`${error.message} The stores were left as they were.`);
  console.error(`The restore failed: ${(error as Error).message}`);
  process.exit(1);
}
