import type { ServerBuild } from "@remix-run/node";
import { createServer } from "vite";
import { startServer } from "./start";

/** `npm run dev`: the same server, with Vite compiling the app on demand and hot reloading. */
const vite = await createServer({ server: { middlewareMode: true } });
await startServer({
  build: () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
  devMiddleware: vite.middlewares,
});
