// `npm run backup -- <folder>`: one backup of the stores the environment names into a new or empty
// folder: the database (pg_dump's custom format from DATABASE_URL, or the embedded store's data
// folder, which needs the server stopped), every photo file (DATA_DIR/uploads or the S3 bucket) and
// a manifest with counts and checksums. `npm run restore -- <folder>` puts it back. Refused: one line
// on stderr, exit 2.
import { createBackup } from "../server/backup/backup";
import { BackupRefused } from "../server/backup/manifest";
import { StoreInUseError } from "../server/db/database";
import { createPhotoStorage } from "../server/photos/storage";
import { onlyWord, readCommandLine, readEnvOrExit, refuse } from "./command-line";

const USAGE = "usage: npm run backup -- <folder>  (a new or empty folder, e.g. /backups/$(date +%F-%H%M))";

const folder = onlyWord(readCommandLine({}, USAGE).positionals, USAGE);

const env = readEnvOrExit();
const started = Date.now();
try {
  const manifest = await createBackup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, photos: createPhotoStorage(env) }, folder);
  const { database, photos } = manifest;
  const rows = Object.values(database.rows).reduce((sum, count) => sum + count, 0);
  console.log(`Backed up to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  const tables = Object.keys(database.rows).length;
  console.log(
    `  database  ${database.kind} ${database.serverVersion}, ${database.migrations.length} migrations, ${rows} rows in ${tables} tables, ${database.file} ${mebibytes(
      database.bytes,
    )}`,
  );
  const source = photos.source === "s3" ? `the bucket ${env.S3_BUCKET}` : "DATA_DIR/uploads";
  console.log(`  photos    ${files(photos.count)} from ${source}, ${mebibytes(photos.bytes)}`);
} catch (error) {
  if (error instanceof BackupRefused || error instanceof StoreInUseError) refuse(error.message);
  throw error;
}

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function files(count: number): string {
  return count === 1 ? "1 file" : `${count} files`;
}
