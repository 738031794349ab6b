import { watch, type FSWatcher } from "node:fs";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { normalizeHost, siteIdFromLocalhost } from "./host";
import { formatProblems, loadSites, SiteConfigError } from "./load";
import type { Site } from "./schema";

type RegistryOptions = {
  dir: string;
  /** `<site-id>.localhost` resolves only outside production. */
  allowLocalhostIds: boolean;
  log: Logger;
};

const NOT_FOUND = Symbol("no site");

/**
 * The brands, as read from sites/. Starts only from a valid set of files; afterwards every edit
 * is re-read and applied whole, or, when any file is invalid, logged and ignored so the last good
 * set keeps serving.
 */
export class SiteRegistry {
  #byId = new Map<string, Site>();
  #byDomain = new Map<string, Site>();
  #hostCache = new LRUCache<string, Site | typeof NOT_FOUND>({ max: 10_000 });
  #watcher?: FSWatcher;
  #reloadTimer?: NodeJS.Timeout;
  #listeners = new Set<(sites: Site[]) => void>();

  private constructor(private readonly options: RegistryOptions) {}

  /** Reads every file; throws SiteConfigError listing each problem when any file is invalid. */
  static async open(options: RegistryOptions): Promise<SiteRegistry> {
    const registry = new SiteRegistry(options);
    const { sites, problems } = await loadSites(options.dir);
    if (problems.length > 0) throw new SiteConfigError(problems);
    registry.#apply(sites);
    return registry;
  }

  all(): Site[] {
    return [...this.#byId.values()];
  }

  byId(id: string): Site | undefined {
    return this.#byId.get(id);
  }

  resolveHost(host: string | null | undefined): Site | undefined {
    const name = normalizeHost(host);
    const cached = this.#hostCache.get(name);
    if (cached !== undefined) return cached === NOT_FOUND ? undefined : cached;
    const localId = this.options.allowLocalhostIds ? siteIdFromLocalhost(name) : undefined;
    const site = this.#byDomain.get(name) ?? (localId ? this.#byId.get(localId) : undefined);
    this.#hostCache.set(name, site ?? NOT_FOUND);
    return site;
  }

  onChange(listener: (sites: Site[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Re-reads the folder; returns whether the new set was applied. */
  async reload(): Promise<boolean> {
    const { sites, problems } = await loadSites(this.options.dir).catch((error: Error) => ({
      sites: [],
      problems: [{ file: this.options.dir, path: "", message: error.message }],
    }));
    if (problems.length > 0) {
      this.options.log.error({ problems }, `site files not applied, the last good version keeps serving:\n${formatProblems(problems)}`);
      return false;
    }
    this.#apply(sites);
    this.options.log.info({ sites: sites.map((s) => s.id) }, "site files reloaded");
    for (const listener of this.#listeners) listener(sites);
    return true;
  }

  /** Applies edits within a moment of the save; editors write in bursts, so changes are debounced. */
  watch(): void {
    this.#watcher ??= watch(this.options.dir, () => {
      clearTimeout(this.#reloadTimer);
      this.#reloadTimer = setTimeout(() => void this.reload(), 150);
    });
  }

  close(): void {
    clearTimeout(this.#reloadTimer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  #apply(sites: Site[]): void {
    this.#byId = new Map(sites.map((site) => [site.id, site]));
    this.#byDomain = new Map(sites.flatMap((site) => site.domains.map((domain) => [domain, site] as const)));
    this.#hostCache.clear();
  }
}
