import { createHash } from "node:crypto";
import { watch, type FSWatcher } from "node:fs";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { BrandSet, type FileRead, type SiteChange } from "./brand-set";
import { normalizeHost, siteIdFromLocalhost } from "./host";
import { formatProblems, loadSites, readSiteText, SiteConfigError, siteFileNames, siteFileRead, type ReadText } from "./load";
import type { Site } from "./schema";

export type { SiteChange } from "./brand-set";

type RegistryOptions = {
  dir: string;
  /** `<site-id>.localhost` resolves only outside production. */
  allowLocalhostIds: boolean;
  log: Logger;
  /** How a file's text is read (tests count the reads); from disk by default. */
  readText?: ReadText;
  /** Quiet time after a file event before the changed files are read: editors write in bursts. */
  settleMs?: number;
};

const NOT_FOUND = Symbol("no site");

const fingerprint = (text: string) => createHash("sha1").update(text).digest("base64");

/**
 * The brands, as read from sites/. Starts only from a valid set of files; afterwards each edited,
 * added, removed or renamed file is read again on its own and applied (BrandSet decides what a
 * changed file may claim), or, when invalid, logged and ignored so its last good version keeps
 * serving. An edit costs the same with four brands or ten thousand.
 */
export class SiteRegistry {
  #brands = new BrandSet();
  /** The text last read of each file, hashed: an event that changed nothing reads but does not parse. */
  #fingerprints = new Map<string, string>();
  #hostCache = new LRUCache<string, Site | typeof NOT_FOUND>({ max: 10_000 });
  #watcher?: FSWatcher;
  #timer?: NodeJS.Timeout;
  #pending = new Set<string>();
  #rescan = false;
  #queue: Promise<unknown> = Promise.resolve();
  #listeners = new Set<(sites: Site[], change: SiteChange) => void>();

  private constructor(private readonly options: RegistryOptions) {}

  /** Reads every file; throws SiteConfigError listing each problem when any file is invalid. */
  static async open(options: RegistryOptions): Promise<SiteRegistry> {
    const registry = new SiteRegistry(options);
    const { problems, reads } = await loadSites(options.dir, options.readText);
    if (problems.length > 0) throw new SiteConfigError(problems);
    for (const read of reads) if (read.text !== undefined) registry.#fingerprints.set(`${read.id}.json`, fingerprint(read.text));
    registry.#brands.update(reads);
    return registry;
  }

  all(): Site[] {
    return [...this.#brands.values()];
  }

  byId(id: string): Site | undefined {
    return this.#brands.byId(id);
  }

  resolveHost(host: string | null | undefined): Site | undefined {
    const name = normalizeHost(host);
    const cached = this.#hostCache.get(name);
    if (cached !== undefined) return cached === NOT_FOUND ? undefined : cached;
    const localId = this.options.allowLocalhostIds ? siteIdFromLocalhost(name) : undefined;
    const site = this.#brands.byDomain(name) ?? (localId ? this.#brands.byId(localId) : undefined);
    this.#hostCache.set(name, site ?? NOT_FOUND);
    return site;
  }

  /** Called after every update that changed a brand, with all brands and just what changed. */
  onChange(listener: (sites: Site[], change: SiteChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads the named files of the folder again (`flirt-nl.json`); returns whether all of them applied. */
  reloadFiles(names: Iterable<string>): Promise<boolean> {
    const list = [...new Set(names)].sort();
    return this.#enqueue(() => this.#reload(list));
  }

  /** Looks at every file of the folder, parsing only those whose text changed; returns whether all applied. */
  reload(): Promise<boolean> {
    return this.#enqueue(async () => {
      const names = await siteFileNames(this.options.dir);
      return this.#reload([...new Set([...names, ...this.#fingerprints.keys()])].sort());
    });
  }

  /** Applies edits within a moment of the save: only the files the events name are read again. */
  watch(): void {
    this.#watcher ??= watch(this.options.dir, (_event, filename) => {
      if (filename?.endsWith(".json")) this.#pending.add(filename);
      // No name, or a mounted folder's data link swapped (`..data`): any file may have changed.
      else if (!filename || filename.startsWith("..")) this.#rescan = true;
      else return; // an editor's swap or backup file
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => {
        const rescan = this.#rescan;
        const names = [...this.#pending];
        this.#rescan = false;
        this.#pending.clear();
        void (rescan ? this.reload() : this.reloadFiles(names));
      }, this.options.settleMs ?? 50);
    });
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  /** One update at a time, in the order the events came. */
  #enqueue(work: () => Promise<boolean>): Promise<boolean> {
    const run = this.#queue.then(work).catch((error: Error) => {
      this.options.log.error({ err: error }, "site files not applied, the last good version keeps serving");
      return false;
    });
    this.#queue = run;
    return run;
  }

  async #reload(names: readonly string[]): Promise<boolean> {
    const reads: FileRead[] = [];
    for (const name of names) {
      const got = await readSiteText(this.options.dir, name, this.options.readText);
      if (!("text" in got)) {
        // Gone: a removal only of a file that was read before.
        if (got.kind === "removed" && !this.#fingerprints.delete(name)) continue;
        reads.push(got);
        continue;
      }
      const print = fingerprint(got.text);
      if (this.#fingerprints.get(name) === print) continue;
      this.#fingerprints.set(name, print);
      reads.push(siteFileRead(this.options.dir, name, got.text));
    }
    if (reads.length === 0) return true;
    const { changed, removed, problems } = this.#brands.update(reads);
    if (problems.length > 0) {
      this.options.log.error({ problems }, `site files not applied, the last good version keeps serving:\n${formatProblems(problems)}`);
    }
    if (changed.length + removed.length > 0) {
      this.#hostCache.clear();
      this.options.log.info({ changed: changed.map((site) => site.id), removed }, "site files reloaded");
      const all = this.all();
      for (const listener of this.#listeners) listener(all, { changed, removed });
    }
    return problems.length === 0;
  }
}
