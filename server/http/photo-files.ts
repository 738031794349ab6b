import express from "express";
import { PHOTO_CACHE_CONTROL } from "../photos/storage";

const MEDIA_CSP = "default-src 'none'; sandbox";

/**
 * The local photo folder, read-only: file names are random and never reused, so a year's immutable
 * cache; a missing file is a plain 404, never a directory listing or a fall through to Remix. The
 * demo portraits are SVG: opened on their own they may load nothing and run nothing.
 */
export function servePhotos(root: string, { cacheControl = PHOTO_CACHE_CONTROL } = {}): [express.RequestHandler, express.ErrorRequestHandler] {
  return [
    express.static(root, {
      index: false,
      redirect: false,
      fallthrough: false,
      dotfiles: "deny",
      setHeaders: (res) => res.set({ "Cache-Control": cacheControl, "Content-Security-Policy": MEDIA_CSP }),
    }),
    (error: { status?: number }, _req, res, _next) => {
      // A request the file server refuses (a malformed path, a method) is the client's error, never a 500.
      const status = error.status === 404 || error.status === 403 ? 404 : error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      res.status(status).type("text/plain").send(status === 404 ? "Not found" : status === 405 ? "Method not allowed" : status < 500 ? "Bad request" : "Error");
    },
  ];
}

