import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import { REMIX_FUTURE } from "./vite.config";

/**
 * The support console: a Remix app of its own (console/), built beside the brands' app into
 * build/console and served by the same process on SUPPORT_HOST only (server/http/console-app.ts).
 * Two builds keep the two apart: no console route exists in the brands' manifest, and no brand
 * route in the console's.
 */
const SERVER_MODULES = new URL("./server/", import.meta.url).pathname;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      appDirectory: "console",
      buildDirectory: "build/console",
      future: REMIX_FUTURE,
    }),
    vanillaExtractPlugin(),
  ],
  // Its own dependency cache: the brands' app may be built or served at the same time.
  cacheDir: "node_modules/.vite-console",
  build: {
    rollupOptions: {
      // As in the brands' app (vite.config.ts): route modules import constants from server modules
      // beside their loaders, and nothing under server/ runs for its side effects in the browser, so
      // what a route's component does not use is dropped with everything it imports.
      treeshake: isSsrBuild ? undefined : { moduleSideEffects: (id: string) => !id.startsWith(SERVER_MODULES) },
    },
  },
}));
