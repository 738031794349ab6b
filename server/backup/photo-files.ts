import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isKey, type PhotoStorage } from "../photos/storage";
import { BackupRefused, fileDigest, verifyFile } from "./manifest";

/** The photo files sit in the backup under their keys; the list beside them is in `sha256sum` format. */
export const PHOTOS_FOLDER = "photos";
export const PHOTO_LIST = "photos.sha256";

/** Files moved at a time: an S3 bucket answers each request in tens of milliseconds. */
const AT_ONCE = 8;

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".avif": "image/avif",
};

type PhotoFile = { key: string; sha256: string };

/** Runs `work` over the items with at most AT_ONCE of them under way. */
async function each<T>(items: AsyncIterable<T> | Iterable<T>, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task = work(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= AT_ONCE) await Promise.race(running);
  }
  await Promise.all(running);
}

const fileOf = (dir: string, key: string) => path.join(dir, PHOTOS_FOLDER, ...key.split("/"));

/** Copies every file of the photo store into the backup folder, and writes their list. */
export async function copyPhotosOut(storage: PhotoStorage, dir: string): Promise<{ count: number; bytes: number; listSha256: string }> {
  const files: PhotoFile[] = [];
  let bytes = 0;
  await each(storage.keys(), async (key) => {
    const body = await storage.read(key);
    if (!body) return; // removed since it was listed: its member deleted it
    const file = fileOf(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    const hash = createHash("sha256");
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(body, tap, createWriteStream(file));
    files.push({ key, sha256: hash.digest("hex") });
  });
  files.sort((a, b) => (a.key < b.key ? -1 : 1));
  await writeFile(path.join(dir, PHOTO_LIST), files.map((file) => `${file.sha256}  ${PHOTOS_FOLDER}/${file.key}\n`).join(""));
  return { count: files.length, bytes, listSha256: (await fileDigest(path.join(dir, PHOTO_LIST))).sha256 };
}

/** Checks the list and every photo file of the backup against their checksums; hands back the keys. */
export async function verifyPhotos(dir: string, expected: { count: number; listSha256: string }): Promise<string[]> {
  await verifyFile(dir, PHOTO_LIST, { sha256: expected.listSha256 });
  const lines = (await readFile(path.join(dir, PHOTO_LIST), "utf8")).split("\n").filter(Boolean);
  const files = lines.map((line): PhotoFile => {
    const match = /^([0-9a-f]{64}) {2}photos\/(.+)$/.exec(line);
    if (!match || !isKey(match[2]!)) throw new BackupRefused(`${PHOTO_LIST} in ${dir} has a line that names no photo: ${JSON.stringify(line.slice(0, 100))}.`);
    return { sha256: match[1]!, key: match[2]! };
  });
  if (files.length !== expected.count) throw new BackupRefused(`${PHOTO_LIST} in ${dir} lists ${files.length} photos, the manifest ${expected.count}.`);
  await each(files, (file) => verifyFile(dir, `${PHOTOS_FOLDER}/${file.key}`, file));
  return files.map((file) => file.key);
}

/** Puts the backup's photos into the store (a key's file never changes, so one already there is written again, the same). */
export async function copyPhotosIn(storage: PhotoStorage, dir: string, keys: string[]): Promise<void> {
  await each(keys, async (key) => {
    const type = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
    await storage.put(key, await readFile(fileOf(dir, key)), type);
  });
}

/** Whether the store holds any file at all. */
export async function holdsPhotos(storage: PhotoStorage): Promise<boolean> {
  for await (const key of storage.keys()) {
    if (key) return true;
  }
  return false;
}

/** Removes the store's files the backup does not have: after a restore, no row refers to them. */
export async function removePhotosNotIn(storage: PhotoStorage, keep: string[]): Promise<number> {
  const kept = new Set(keep);
  const extra: string[] = [];
  for await (const key of storage.keys()) if (!kept.has(key)) extra.push(key);
  await each(extra, (key) => storage.delete(key));
  return extra.length;
}
