import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, paginateListObjectsV2, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../env";

/**
 * Where photo files live, by key: `<pool>/<32 hex>.webp` and `<pool>/<32 hex>-thumb.webp`. The
 * keys are random, so a file never changes once written and may be cached for ever.
 */
export interface PhotoStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes a file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** A file's bytes as a stream (the member's data export), or null when the key holds nothing. */
  read(key: string): Promise<Readable | null>;
  /** Every key that holds a file (a backup copies them all). */
  keys(): AsyncIterable<string>;
}

/** Files are never rewritten under their name (see PhotoStorage), so caches may keep them a year. */
export const PHOTO_CACHE_CONTROL = "public, max-age=31536000, immutable";

// Path segments of letters, digits, '.', '_' and '-', none starting with a dot: no '..', no
// absolute paths, no backslashes, nothing a URL or a file system reads differently.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class InvalidKeyError extends Error {
  override name = "InvalidKeyError";
}

export function isKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.includes("..");
}

export function assertKey(key: string): void {
  if (!isKey(key)) throw new InvalidKeyError(`invalid storage key ${JSON.stringify(key)}`);
}

/** The folder of files every brand shows: the illustrated demo avatars, no member's photo. */
export const SHARED_FOLDER = "demo";

/**
 * Whether a brand of this pool may serve the file at `key`: its own pool's folder (the first part
 * of every member's photo key, see newPhotoKeys) or the shared folder, never another pool's.
 */
export function keyServedToPool(key: string, pool: string): boolean {
  const slash = key.indexOf("/");
  if (!isKey(key) || slash < 0) return false;
  const folder = key.slice(0, slash);
  return folder === pool || folder === SHARED_FOLDER;
}

/** Fresh keys for one photo's two files, in the pool's folder (profiles are shared across a pool). */
export function newPhotoKeys(pool: string): { filename: string; thumb_filename: string } {
  const name = `${pool}/${randomBytes(16).toString("hex")}`;
  return { filename: `${name}.webp`, thumb_filename: `${name}-thumb.webp` };
}

/** Files under a folder on this machine (`DATA_DIR/uploads`), served by the app under /media. */
export function createLocalStorage(root: string): PhotoStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a half-written file is never served.
      const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
      try {
        await writeFile(partial, body, { mode: 0o644 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async read(key) {
      // Opened first, so a missing file is an answer here rather than an error event later.
      const handle = await open(fileOf(key), "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return handle ? handle.createReadStream() : null;
    },
    async *keys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".partial")) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (isKey(key)) yield key;
      }
    },
  };
}

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); addressed path-style, `<endpoint>/<bucket>/<key>`. */
  endpoint?: string;
  /** Only for tests: otherwise the SDK's standard chain (AWS_ACCESS_KEY_ID and friends, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** An S3 bucket or an S3-compatible service, through the AWS SDK. */
export function createS3Storage({ bucket, region, endpoint, credentials }: S3StorageOptions): PhotoStorage {
  const client = new S3Client({
    region,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer
    // default trailing checksums on PutObject.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: PHOTO_CACHE_CONTROL }),
      );
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async read(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async *keys() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) if (object.Key && isKey(object.Key)) yield object.Key;
      }
    },
  };
}

/** The folder the local storage writes to and the app serves under /media. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/** S3 when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createPhotoStorage(env: Pick<Env, "DATA_DIR" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION">): PhotoStorage {
  if (env.S3_BUCKET) return createS3Storage({ bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT });
  return createLocalStorage(uploadsDir(env.DATA_DIR));
}
