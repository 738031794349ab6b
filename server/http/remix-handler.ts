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
 * @remix-run/express's request handler, except for the body: bodyLimits has already read and
 * checked it (req.body, a Buffer), so Remix gets those bytes, not the spent request stream.
 */
export function createRequestHandler({ build, mode, getLoadContext }: HandlerOptions): express.RequestHandler {
  const handleRequest = createRemixRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = remixRequest(req, res);
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendRemixResponse(res, response);
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
