import { readdirSync } from "node:fs";
import path from "node:path";
import { constants } from "node:zlib";
import compression from "compression";
import express, { type Request, type RequestHandler, type Response } from "express";

/**
 * Brotli quality and gzip level for answers compressed as they are sent, chosen by measuring real
 * pages (docs/decisions/018-production-start-and-compression.md): past these, each step costs more
 * CPU per page than the bytes it saves are worth.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/**
 * Brotli's window: 256 KB, more than any page, instead of the default 4 MB: the same bytes, and never
 * more CPU with many answers compressed at once (the pages bench's last table).
 */
export const BROTLI_WINDOW_BITS = 18;
export const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};
/** Below this many bytes compressing costs more than it saves: the answer goes out as it is. */
export const COMPRESSION_THRESHOLD = 1024;

/** The encodings the build writes beside each asset (scripts/compress-assets.ts), best first. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/**
 * Compresses answers on the way out: whole documents in one pass (remix-handler buffers them),
 * nothing under the threshold, and never an event stream, which would hold events back until a
 * compressed block fills.
 */
export function dynamicCompression(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD,
    level: GZIP_LEVEL,
    brotli: { params: BROTLI_PARAMS },
    filter: (req, res) => !isEventStream(res) && compression.filter(req, res),
  });
}

function isEventStream(res: Response): boolean {
  return String(res.getHeader("Content-Type")).startsWith("text/event-stream");
}

type StaticOptions = {
  /** Serve `name.br` / `name.gz` where the build wrote them and the client accepts them. */
  precompressed: boolean;
  /** Hashed file names never change content: a year, immutable. */
  immutable?: boolean;
  maxAge: string;
};

/**
 * The built client files. A file the build compressed goes out as its `.br` or `.gz` twin when the
 * client accepts that encoding (brotli first), with the original's type, `Vary: Accept-Encoding` and
 * the same caching. The files are listed once at start, as the build does not change while serving:
 * any other path goes on at once, without a look at the disk (every page's path passes here).
 */
export function staticFiles(root: string, { precompressed, immutable = false, maxAge }: StaticOptions): RequestHandler {
  const files = builtFiles(root, precompressed);
  const serve = express.static(root, {
    immutable,
    maxAge,
    index: false,
    setHeaders: (res, file) => {
      const twin = PRECOMPRESSED.find(({ suffix }) => file.endsWith(suffix));
      if (!twin) return;
      res.setHeader("Content-Encoding", twin.encoding);
      res.type(path.extname(file.slice(0, -twin.suffix.length)));
    },
  });
  return (req, res, next) => {
    const twins = req.method === "GET" || req.method === "HEAD" ? files.get(req.path) : undefined;
    if (!twins) return next();
    if (twins.size > 0) {
      res.vary("Accept-Encoding");
      const chosen = PRECOMPRESSED.find(({ encoding }) => twins.has(encoding) && accepts(req, encoding));
      if (chosen) req.url = req.path + chosen.suffix + req.url.slice(req.path.length);
    }
    serve(req, res, next);
  };
}

/** Whether the client takes this encoding (any q above 0), whatever order it lists its encodings in. */
function accepts(req: Request, encoding: string): boolean {
  return req.acceptsEncodings(encoding) === encoding;
}

/** URL path (as under the mount point) of each file the build wrote → the encodings of its compressed twins. */
function builtFiles(root: string, precompressed: boolean): Map<string, Set<string>> {
  const files = new Map<string, Set<string>>();
  const urlPath = (file: string) => "/" + path.relative(root, file).split(path.sep).join("/");
  const entries = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (!PRECOMPRESSED.some(({ suffix }) => entry.name.endsWith(suffix))) files.set(urlPath(file), files.get(urlPath(file)) ?? new Set());
  }
  if (!precompressed) return files;
  for (const entry of entries) {
    const twin = PRECOMPRESSED.find(({ suffix }) => entry.name.endsWith(suffix));
    if (twin) files.get(urlPath(path.join(entry.parentPath, entry.name.slice(0, -twin.suffix.length))))?.add(twin.encoding);
  }
  return files;
}
