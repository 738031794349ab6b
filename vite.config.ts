import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const SERVER_MODULES = `${new URL("./server/", import.meta.url).pathname}`;

// Every vanilla-extract style module (and the CSS it compiles to) in one chunk: each page then links
// one stylesheet for the whole site, cached once, instead of a dozen of about 1 KB each.
const STYLE_MODULE = /\.css\.ts($|\.vanilla\.css)/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    vanillaExtractPlugin(),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  server: { port: 3000 },
  build: {
    rollupOptions: {
      // Route modules import constants from server modules (tabs, limits) beside their loaders.
      // Nothing under server/ runs for its side effects in the browser, so what a route does not
      // use is dropped with everything it imports (the brand schema, zod, phone metadata).
      treeshake: isSsrBuild ? undefined : { moduleSideEffects: (id: string) => !id.startsWith(SERVER_MODULES) },
      output: isSsrBuild ? undefined : { manualChunks: (id: string) => (STYLE_MODULE.test(id) ? "styles" : undefined) },
    },
  },
}));
