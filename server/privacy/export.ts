import { finished } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { ZipFile } from "yazl";
import type { Database } from "../db/schema";
import type { PhotoStorage } from "../photos/storage";
import { exportContents, photoEntryName, type ExportOwner } from "./export-data";

/**
 * The member's data export as a zip stream (decision 041): the JSON files and README first, then
 * the photo originals one after the other, each opened only when the zip is ready for it. Memory
 * stays at one file's buffers however many photos there are, and a download the browser gives up
 * closes the photo being read.
 */
export async function exportZip(
  { db, storage }: { db: Kysely<Database>; storage: PhotoStorage },
  { owner, readme, signal, onError }: { owner: ExportOwner; readme: string; signal: AbortSignal; onError: (error: unknown) => void },
): Promise<Readable> {
  // Read before the first byte goes out, so a failure is still an error page rather than a broken zip.
  const { files, photos } = await exportContents(db, owner);
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.addBuffer(Buffer.from(readme.replace(/\n/g, "\r\n"), "utf8"), "README.txt");
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(`${JSON.stringify(content, null, 2)}\n`, "utf8"), name);

  let current: Readable | null = null;
  let closed = false;
  output.once("close", () => {
    closed = true;
    current?.destroy();
  });
  // The browser went away: stop reading photos nobody will receive.
  signal.addEventListener("abort", () => output.destroy(), { once: true });

  void (async () => {
    for (const photo of photos) {
      if (closed) return;
      current = await storage.read(photo.filename);
      // A file the store lost is left out rather than breaking the whole export.
      if (!current) continue;
      // WebP is compressed already: stored as it is.
      zip.addReadStream(current, photoEntryName(photo), { compress: false });
      await finished(current);
      current = null;
    }
    zip.end();
  })().catch((error: unknown) => {
    if (closed) return;
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
