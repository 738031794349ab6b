import type { EntryContext } from "@remix-run/node";
import type { i18n, Resource } from "i18next";
import { jsonForScript } from "./embedded-json";

/** What a page renders with, in the browser too: both depend only on its language and namespaces. */
export type PageI18n = {
  /** A clone of the shared instance fixed to the language and namespaces; never changed while rendering. */
  instance: i18n;
  /** pageTranslations as JSON safe inside a script block. */
  translationsJson: string;
};

/** Languages (with regional variants) × the namespace sets of the routes: a few hundred at most. */
const MOST_KEPT = 1_000;
// Keyed by the shared instance, which holds one catalogue for its life.
const kept = new WeakMap<i18n, Map<string, PageI18n>>();

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

/**
 * The page's i18next instance and embedded translations, made once per language and namespace set:
 * cloning an instance and serialising catalogues per request cost a millisecond or two of CPU.
 */
export function pageI18n(shared: i18n, language: string, namespaces: readonly string[]): PageI18n {
  let byKey = kept.get(shared);
  if (!byKey) kept.set(shared, (byKey = new Map()));
  const sorted = [...new Set(namespaces)].sort();
  const key = `${language}|${sorted.join(",")}`;
  let page = byKey.get(key);
  if (!page) {
    // Keys come from the route table and the languages, a bounded set; the bound is only a guard.
    if (byKey.size >= MOST_KEPT) byKey.clear();
    page = {
      instance: shared.cloneInstance({ lng: language, ns: sorted, defaultNS: "common" }),
      translationsJson: jsonForScript(pageTranslations(shared, language, sorted)),
    };
    byKey.set(key, page);
  }
  return page;
}
