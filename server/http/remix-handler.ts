// Not re-exported from the package's index, but public in its type declarations: the adapter's own helpers.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type express from "express";

type HandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
};

/**
 * @remix-run/express's request handler, except for two things. The request body: bodyLimits has
 * already read and checked it (req.body, a Buffer), so Remix gets those bytes, not the spent request
 * stream. And the answer's body (sendResponse): written in large pieces, not flushed chunk by chunk.
 */
export function createRequestHandler({ build, mode, getLoadContext }: HandlerOptions): express.RequestHandler {
  const handleRequest = createRemixRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = remixRequest(req, res);
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function remixRequest(req: express.Request, res: express.Response): Request {
  const request = createRemixRequest(req, res);
  if (!Buffer.isBuffer(req.body) || req.method === "GET" || req.method === "HEAD") return request;
  // The adapter's URL, headers and abort signal, with the checked bytes as the body.
  return new Request(request, { body: req.body as Buffer<ArrayBuffer> });
}

/**
 * Pieces of a body smaller than this wait for more before they are written, unless the body pauses
 * or ends: above the largest page (a member's list is about 75 KB as it is), so a page, its shell
 * and the data Remix streams after it, goes out in one write with its length.
 */
export const WRITE_SIZE = 128 * 1024;
const QUIET = Symbol("quiet");
/** Resolves after whatever the body already has ready has been read: it has paused. */
const quiet = () => new Promise<typeof QUIET>((resolve) => setImmediate(resolve, QUIET));

/**
 * The adapter writes and flushes every chunk React or Remix produces (about 2 KiB each): each became
 * its own compressed block and socket write. Here chunks are gathered: a body that is complete at
 * once (nearly every page and data answer) goes out in one piece with its Content-Length, so it is
 * compressed in one pass, or not at all under the threshold; a larger one in WRITE_SIZE pieces. A
 * body that pauses (deferred data) has what it holds written and flushed at the pause, so nothing
 * waits on a slow promise. Event streams keep the adapter's write-and-flush per event.
 */
export async function sendResponse(res: express.Response, response: Response): Promise<void> {
  const body = response.body;
  if (!body || /^text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) return sendRemixResponse(res, response);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);

  const reader = body.getReader();
  let pending: Uint8Array[] = [];
  let size = 0;
  let written = false;
  const writePending = async (flush: boolean) => {
    if (size === 0) return;
    const piece = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    written = true;
    if (!res.write(piece)) await drained(res);
    if (flush) res.flush?.();
  };
  try {
    let next = reader.read();
    for (;;) {
      let result = await Promise.race([next, quiet()]);
      if (result === QUIET) {
        await writePending(true);
        result = await next;
      }
      if (result.done) break;
      // What is held goes out once more is known to follow: a body that is one large piece still
      // goes out whole, with its length.
      if (size >= WRITE_SIZE) await writePending(false);
      pending.push(result.value);
      size += result.value.byteLength;
      next = reader.read();
    }
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
  if (!written) res.setHeader("Content-Length", size);
  res.end(Buffer.concat(pending, size));
}

/** Waits until the response takes more, or is gone. */
function drained(res: express.Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}
