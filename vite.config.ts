import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Rollup } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Every v3 flag on, so the code is one codemod away from React Router 7; the console's build shares them. */
export const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: true,
} as const;

const SERVER_MODULES = `${new URL("./server/", import.meta.url).pathname}`;

// The CSS every vanilla-extract style module compiles to, in one chunk: each page then links one
// stylesheet for the whole site, cached once, instead of a dozen of about 1 KB each. The modules'
// class names stay with the code that uses them.
const STYLE_MODULE = /\.css\.ts\.vanilla\.css$/;

const PROJECT = new URL("./", import.meta.url).pathname;
const ENTRY = new URL("./app/entry.client.tsx", import.meta.url).pathname;
// The layouts of the pages visitors load; the chat layout (the inbox list, gifts) is only members' and keeps its own
// chunk, as does the landers' (their visit beacon), whose parts the others share.
const EVERY_PAGE_ROUTES = ["root", "layouts/default", "layouts/empty"].map((route) => new URL(`./app/${route}.tsx`, import.meta.url).pathname);
// Class names, constants, hooks of a few lines: under this size (as transformed, before minifying).
const SMALL_MODULE_CHARS = 1_200;

// The warning banners and what they share with other members' screens (the chat's resend link, the
// settings' push switch, the promotions' replies): one file, where the bundler had made three, each
// a request of its own on every member's page. Visitors never load it.
const MEMBER_BANNERS = /\/app\/(components\/banners\/|lib\/banners\.ts$)/;

const inProject = (id: string) => id.startsWith(PROJECT) && !id.includes("/node_modules/");

// react-i18next's index re-exports Trans, which only the signup form uses: following the index
// would put it (and the HTML parser it brings, about 2.7 KB compressed) in every page's vendor chunk.
const OPTIONAL_PACKAGE_MODULES = /\/node_modules\/(react-i18next\/dist\/es\/Trans(WithoutContext)?\.js|html-parse-stringify\/)/;

function reachable(getModuleInfo: Rollup.GetModuleInfo, roots: readonly string[]): Set<string> {
  const found = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || STYLE_MODULE.test(id) || OPTIONAL_PACKAGE_MODULES.test(id)) continue;
    found.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * The browser's chunks, so that a page loads few files (each costs a request and its headers):
 * - "vendor": the packages every page runs (React, Remix), which change only when upgraded;
 * - "shell": the app modules every page runs (the entry's, the root's and the layouts'), and small
 *   modules that several routes' pages share, which would otherwise each be a file of a few hundred bytes;
 * - "styles": the CSS, one stylesheet for the whole site;
 * - "member-banners": the warning banners' parts that members' screens share.
 * A route's own modules stay in its chunk, and what only some visitors use is imported lazily.
 */
const ROUTE_MODULE = /\/app\/(routes|layouts)\//;

/**
 * Whether a module belongs to one page only: all its importers, static or lazy, lead up to one
 * route or layout (the router's entries, which nothing of ours imports). Such a module stays with
 * that page however many of its files import it, rather than weigh on every page in the shell.
 */
function onePageOnly(getModuleInfo: Rollup.GetModuleInfo, id: string): boolean {
  const entries = new Set<string>();
  const seen = new Set<string>();
  const pending = [id];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    const info = getModuleInfo(next);
    const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
    if (next !== id && (ROUTE_MODULE.test(next) || importers.length === 0)) entries.add(next);
    else pending.push(...importers);
    if (entries.size > 1) return false;
  }
  return true;
}

function clientChunks(): Rollup.GetManualChunk {
  let everyPage: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (STYLE_MODULE.test(id)) return "styles";
    // Its own chunk, where the vendor chunk would otherwise take it in with the index.
    if (OPTIONAL_PACKAGE_MODULES.test(id)) return "trans";
    if (MEMBER_BANNERS.test(id)) return "member-banners";
    everyPage ??= reachable(getModuleInfo, [...(getModuleInfo(ENTRY)?.importedIds ?? []), ...EVERY_PAGE_ROUTES]);
    // Packages, and the helpers the bundler writes for them (ids outside the project), are vendor.
    if (everyPage.has(id)) return inProject(id) ? "shell" : "vendor";
    const info = getModuleInfo(id);
    const smallAndShared =
      info !== null &&
      inProject(id) &&
      !id.includes("/app/routes/") &&
      info.importers.length > 1 &&
      (info.code?.length ?? Infinity) < SMALL_MODULE_CHARS &&
      !onePageOnly(getModuleInfo, id) &&
      // Nothing new comes into the shell with it.
      info.importedIds.every((dep) => everyPage!.has(dep) || STYLE_MODULE.test(dep));
    return smallAndShared ? "shell" : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      future: REMIX_FUTURE,
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
      treeshake: isSsrBuild ? undefined : { moduleSideEffects: (id: string) => !id.startsWith(SERVER_MODULES) && !OPTIONAL_PACKAGE_MODULES.test(id) },
      output: isSsrBuild ? undefined : { manualChunks: clientChunks() },
    },
  },
}));
