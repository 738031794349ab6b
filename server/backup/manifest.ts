import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/**
 * What a backup folder says about itself, written last: a folder without it is a backup that did
 * not finish. Restore checks every file against it before it changes anything.
 */
export const MANIFEST_FILE = "manifest.json";
/** The layout below; a restore refuses a backup of a later version than it knows. */
export const BACKUP_FORMAT_VERSION = 1;

/** The database file of each engine: pg_dump's custom format, or PGlite's data folder as a gzipped tar. */
export const DATABASE_FILES = {
  postgres: "database.pgdump",
  pglite: "database.tar.gz",
} as const;
export type DatabaseKind = keyof typeof DATABASE_FILES;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);

const manifestSchema = z.object({
  format: z.literal("amora-backup"),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(["postgres", "pglite"]),
    /** The server's `server_version` when the backup was made. */
    serverVersion: z.string(),
    file: z.string(),
    bytes: count,
    sha256,
    /** The migrations applied, by name: the schema's level. */
    migrations: z.array(z.string()),
    /** Rows of every table, counted in the same snapshot the dump was taken from. */
    rows: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), count),
  }),
  photos: z.object({
    /** Where the photos came from: DATA_DIR/uploads or an S3 bucket. */
    source: z.enum(["local", "s3"]),
    count,
    bytes: count,
    /** The list of photo files with their checksums (`sha256sum -c` reads it), and its own checksum. */
    list: z.string(),
    listSha256: sha256,
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A backup that cannot be restored here, and why, in words for the operator. */
export class BackupRefused extends Error {
  override name = "BackupRefused";
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  await writeFile(`${file}.partial`, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(`${file}.partial`, file);
}

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, MANIFEST_FILE), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new BackupRefused(`${dir} holds no ${MANIFEST_FILE}: it is not a backup, or one that did not finish.`);
    throw error;
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupRefused(`${path.join(dir, MANIFEST_FILE)} is not readable JSON: the backup is damaged or truncated.`);
  }
  const version = (parsed as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(
      `This backup is of format ${version}, made by a later release; this one reads format ${BACKUP_FORMAT_VERSION}. Restore it with that release.`,
    );
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const where = result.error.issues[0]?.path.join(".") || "its top level";
    throw new BackupRefused(`${path.join(dir, MANIFEST_FILE)} is not a backup manifest this release understands (at ${where}): the backup is damaged.`);
  }
  return result.data;
}

/** A file's length and SHA-256, read as a stream (a database dump may be large). */
export async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** Checks a file of the backup against the manifest's length and checksum. */
export async function verifyFile(dir: string, name: string, expected: { bytes?: number; sha256: string }): Promise<void> {
  const digest = await fileDigest(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new BackupRefused(`${name} is missing from the backup in ${dir}.`);
    throw error;
  });
  if ((expected.bytes !== undefined && digest.bytes !== expected.bytes) || digest.sha256 !== expected.sha256) {
    const size =
      expected.bytes !== undefined && digest.bytes !== expected.bytes
        ? `it has ${digest.bytes} bytes, the manifest says ${expected.bytes}`
        : "its checksum differs from the manifest's";
    throw new BackupRefused(`${name} in ${dir} is damaged or truncated (${size}).`);
  }
}
