// What each Brotli quality and gzip level costs and saves on real pages, compressed in one pass as the
// server sends a document (server/http/compression.ts chose its settings from this table).
import { brotliCompressSync, constants, createBrotliCompress, gzipSync } from "node:zlib";
import { BROTLI_PARAMS, BROTLI_QUALITY, BROTLI_WINDOW_BITS, GZIP_LEVEL } from "../server/http/compression";

type Page = { name: string; html: Buffer };
type Setting = { label: string; chosen: boolean; compress: (html: Buffer) => Buffer };

const SETTINGS: Setting[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 9, 11].map((quality) => ({
    label: `br q${quality}`,
    chosen: quality === BROTLI_QUALITY,
    compress: (html: Buffer) => brotliCompressSync(html, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_QUALITY]: quality } }),
  })),
  ...[1, 3, 6, 9].map((level) => ({ label: `gzip ${level}`, chosen: level === GZIP_LEVEL, compress: (html: Buffer) => gzipSync(html, { level }) })),
];

/** CPU time of one compression, the median of `rounds` batches (this process's user + system time). */
function cpuMsPerCompression(compress: () => void, rounds = 7, perRound = 30): number {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const before = process.cpuUsage();
    for (let index = 0; index < perRound; index += 1) compress();
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000 / perRound);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

/** Prints bytes and CPU ms per page for each setting, the server's choice marked. */
export function printCompressionLevels(pages: Page[]): void {
  console.log(`\ncompression of whole documents, one pass each (CPU ms is this process's, median of 7 batches)`);
  console.log(["setting".padEnd(10), ...pages.flatMap((page) => [`${page.name} bytes`.padStart(18), "CPU ms".padStart(8)])].join(" "));
  console.log(["identity".padEnd(10), ...pages.flatMap((page) => [String(page.html.length).padStart(18), "-".padStart(8)])].join(" "));
  for (const setting of SETTINGS) {
    const cells = pages.flatMap((page) => [
      String(setting.compress(page.html).length).padStart(18),
      cpuMsPerCompression(() => setting.compress(page.html)).toFixed(2).padStart(8),
    ]);
    console.log([`${setting.label}${setting.chosen ? " *" : ""}`.padEnd(10), ...cells].join(" "));
  }
  console.log("* the server's setting");
}

/** One document through a Brotli stream, as the server compresses an answer. */
function streamed(html: Buffer, params: Record<number, number>): Promise<number> {
  return new Promise((resolve, reject) => {
    const stream = createBrotliCompress({ params });
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
    stream.on("end", () => resolve(bytes));
    stream.on("error", reject);
    stream.end(html);
  });
}

/** CPU per document with `concurrency` compressed at once, the default 4 MB window against the server's. */
export async function printBrotliWindows(page: Page, concurrency = 32, rounds = 10): Promise<void> {
  console.log(`\nbrotli q${BROTLI_QUALITY} on ${page.name}, ${concurrency} streams at once (CPU ms per document, this process)`);
  const windows = [
    { label: "window 4 MB (default)", params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_DEFAULT_WINDOW } },
    { label: `window ${2 ** (BROTLI_WINDOW_BITS - 10)} KB *`, params: BROTLI_PARAMS },
  ];
  // One untimed round of each first: the first streams of a process pay for warming up.
  for (const { params } of windows) await Promise.all(Array.from({ length: concurrency }, () => streamed(page.html, params)));
  for (const { label, params } of [...windows, ...windows]) {
    const before = process.cpuUsage();
    let bytes = 0;
    for (let round = 0; round < rounds; round += 1) bytes = (await Promise.all(Array.from({ length: concurrency }, () => streamed(page.html, params))))[0]!;
    const used = process.cpuUsage(before);
    console.log(`${label.padEnd(24)} ${String(bytes).padStart(8)} bytes ${((used.user + used.system) / 1000 / (concurrency * rounds)).toFixed(2).padStart(8)} ms`);
  }
}
