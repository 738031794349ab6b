// Writes `name.br` and `name.gz` beside each compressible file of the client build, at the highest
// settings: compressed once per build instead of per request, and served as files
// (server/http/compression.ts). A file under the threshold of dynamic compression, or one that compression would not shrink, gets none.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { COMPRESSION_THRESHOLD } from "../server/http/compression";

const ROOTS = process.argv.length > 2 ? process.argv.slice(2) : ["build/client"];
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
const brotli = promisify(brotliCompress);
const deflate = promisify(gzip);

async function compressFile(file: string): Promise<number> {
  const content = await readFile(file);
  const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
  const [br, gz] = await Promise.all([brotli(content, { params }), deflate(content, { level: constants.Z_BEST_COMPRESSION })]);
  let saved = 0;
  for (const [suffix, compressed] of [[".br", br], [".gz", gz]] as const) {
    if (compressed.length >= content.length) continue;
    await writeFile(file + suffix, compressed);
    saved += 1;
  }
  return saved;
}

const files: string[] = [];
for (const root of ROOTS) {
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && COMPRESSIBLE.test(entry.name) && (await stat(file)).size >= COMPRESSION_THRESHOLD) files.push(file);
  }
}
const written = await Promise.all(files.map(compressFile));
console.log(`compressed ${files.length} client files: ${written.reduce((sum, count) => sum + count, 0)} .br and .gz files written`);
