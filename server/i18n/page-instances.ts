import type { i18n } from "i18next";

/** Languages (with regional variants) × the namespace sets of the routes: a few hundred at most. */
const MOST_KEPT = 1_000;
const kept = new WeakMap<i18n, Map<string, i18n>>();

/**
 * The i18next instance a page renders with: a clone of the shared one fixed to a language and the
 * route's namespaces. Cloning per request cost about a millisecond of CPU; the clone shares the
 * shared instance's resources and is never changed while rendering, so one per combination does.
 */
export function pageInstance(shared: i18n, language: string, namespaces: string[]): i18n {
  let instances = kept.get(shared);
  if (!instances) kept.set(shared, (instances = new Map()));
  const key = `${language} ${namespaces.join(",")}`;
  let instance = instances.get(key);
  if (!instance) {
    // Keys come from the route table and the languages, a bounded set; the bound is only a guard.
    if (instances.size >= MOST_KEPT) instances.clear();
    instance = shared.cloneInstance({ lng: language, ns: namespaces, defaultNS: "common" });
    instances.set(key, instance);
  }
  return instance;
}
