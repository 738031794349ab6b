import type { EntryContext } from "@remix-run/node";
import type { i18n, Resource } from "i18next";
import { jsonForScript } from "./embedded-json";

// A page's catalogues depend only on its language and namespaces: a handful of combinations per
// process, each serialised once. Keyed by the i18next instance, which holds one catalogue for its life.
const serialised = new WeakMap<i18n, Map<string, string>>();

/**
 * The namespaces the routes of this page declare in `handle.i18n`. Only the matched routes: the
 * server holds every route module, so reading them all would name every namespace of the site.
 */
export function pageNamespaces(context: EntryContext): string[] {
  const namespaces = context.staticHandlerContext.matches.flatMap(({ route }) => {
    const declared: unknown = (context.routeModules[route.id]?.handle as { i18n?: unknown } | undefined)?.i18n;
    if (typeof declared === "string") return [declared];
    return Array.isArray(declared) ? declared.filter((ns): ns is string => typeof ns === "string") : [];
  });
  return [...new Set(namespaces)];
}

/**
 * The resources a page rendered in `language` with `namespaces` uses: every language i18next
 * resolves for it (a regional variant, then its language and fallbacks), each namespace present,
 * empty where a variant overrides nothing, so the browser finds every bundle and fetches none.
 */
export function pageTranslations(instance: i18n, language: string, namespaces: readonly string[]): Resource {
  const resources: Resource = {};
  for (const lng of instance.services.languageUtils.toResolveHierarchy(language)) {
    resources[lng] = Object.fromEntries(namespaces.map((ns) => [ns, instance.getResourceBundle(lng, ns) ?? {}]));
  }
  return resources;
}

/** pageTranslations as JSON safe inside a script block, from the per-process cache. */
export function pageTranslationsJson(instance: i18n, language: string, namespaces: readonly string[]): string {
  let byKey = serialised.get(instance);
  if (!byKey) serialised.set(instance, (byKey = new Map()));
  const key = `${language}|${[...new Set(namespaces)].sort().join(",")}`;
  let json = byKey.get(key);
  if (json === undefined) byKey.set(key, (json = jsonForScript(pageTranslations(instance, language, namespaces))));
  return json;
}
