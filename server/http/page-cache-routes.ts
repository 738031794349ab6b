import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { LRUCache } from "lru-cache";

/**
 * What a route module exports to have its page served from the anonymous page cache:
 * `export const handle = { anonymousCache: true }`. Only for pages whose loaders read nothing of
 * the request but the brand, the language, the country and the date (see variantKey): the cache
 * keys on exactly those; and on the visitor's region for a page that says `byRegion: true`.
 */
export type AnonymousCacheHandle = { anonymousCache?: boolean; byRegion?: boolean };

/** How a page is kept: once per variant, or per variant and region; and the route it is (for metrics and traces). */
export type CachePolicy = { byRegion: boolean; routeId: string };

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** Paths kept: any path a visitor sends lands here, so the memory is bounded. */
const REMEMBERED_PATHS = 10_000;

/**
 * How a path's page may come from the cache (undefined: it may not), decided by the route it matches (its module's
 * `handle.anonymousCache`), the way Remix matches it. The answer for a path never changes within a
 * build, so each path is matched once.
 */
export function anonymousCacheRoutes(build: ServerBuild): (pathname: string) => CachePolicy | undefined {
  const routes = routeTree(build);
  const answers = new LRUCache<string, CachePolicy | false>({ max: REMEMBERED_PATHS });
  return (pathname) => {
    let answer = answers.get(pathname);
    if (answer === undefined) {
      const leaf = matchRoutes(routes, pathname)?.at(-1);
      const handle = leaf && (build.routes[leaf.route.id!]?.module.handle as AnonymousCacheHandle | undefined);
      answer = handle?.anonymousCache === true && { byRegion: handle.byRegion === true, routeId: leaf!.route.id! };
      answers.set(pathname, answer);
    }
    return answer || undefined;
  };
}

/** The build's flat route manifest as the nested tree the router matches against. */
function routeTree(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(build, route.id) },
    );
}
