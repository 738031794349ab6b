import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { createServer } from "vite";
import { startServer } from "./start";

/**
 * `npm run dev`: the same server, with Vite compiling the brands' app on demand and hot reloading.
 * The support console is served from its last build (`npm run build`), when there is one.
 */
const vite = await createServer({ server: { middlewareMode: true } });
const consoleBuild = path.resolve("build/console/server/index.js");
await startServer({
  build: () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
  devMiddleware: vite.middlewares,
  console: existsSync(consoleBuild) ? { build: (await import(consoleBuild)) as ServerBuild, clientDir: path.resolve("build/console/client") } : undefined,
});
