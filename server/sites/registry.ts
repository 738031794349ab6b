import { createHash } from "node:crypto";
import { watch, type FSWatcher } from "node:fs";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { BrandSet, type FileRead, type SiteChange } from "./brand-set";
import { normalizeHost, siteIdFromLocalhost } from "./host";
import { formatProblems, loadSites, readSiteText, SiteConfigError, siteFileNames, siteFileRead, type ReadText, type SiteProblem } from "./load";
import type { Site } from "./schema";

export type { SiteChange } from "./brand-set";

/** An edit of a brand file that was not applied: its last good version (if any) kept serving. */
export type RefusedEdit = { id: string; file: string; at: Date; problems: SiteProblem[] };

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
  /** For the support console: when each live brand's file was applied, what it wrote, and the last edit refused. */
  #loadedAt = new Map<string, Date>();
  #written = new WeakMap<Site, unknown>();
  #refused = new Map<string, RefusedEdit>();

  private constructor(private readonly options: RegistryOptions) {}

  /** Reads every file; throws SiteConfigError listing each problem when any file is invalid. */
  static async open(options: RegistryOptions): Promise<SiteRegistry> {
    const registry = new SiteRegistry(options);
    const { problems, reads } = await loadSites(options.dir, options.readText);
    if (problems.length > 0) throw new SiteConfigError(problems);
    for (const read of reads) if (read.text !== undefined) registry.#fingerprints.set(`${read.id}.json`, fingerprint(read.text));
    for (const read of reads) if (read.kind === "valid") registry.#written.set(read.site, read.written);
    const loadedAt = new Date();
    for (const site of registry.#brands.update(reads).changed) registry.#loadedAt.set(site.id, loadedAt);
    return registry;
  }

  all(): Site[] {
    return [...this.#brands.values()];
  }

  byId(id: string): Site | undefined {
    return this.#brands.byId(id);
  }

  /** Whether a brand lists this domain (www. or not): only real domains, never a development name. */
  ownsDomain(domain: string): boolean {
    return this.#brands.byDomain(normalizeHost(domain)) !== undefined;
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

  /** When the brand's file was last applied. */
  loadedAt(id: string): Date | undefined {
    return this.#loadedAt.get(id);
  }

  /** The brand's file as written (parsed JSON), before the schema filled its defaults. */
  writtenSettings(site: Site): unknown {
    return this.#written.get(site);
  }

  /** The last edit of the file `<id>.json` that was refused, until a later version of it applies. */
  refusedEdit(id: string): RefusedEdit | undefined {
    return this.#refused.get(id);
  }

  refusedEdits(): RefusedEdit[] {
    return [...this.#refused.values()];
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
      const read = siteFileRead(this.options.dir, name, got.text);
      if (read.kind === "valid") this.#written.set(read.site, read.written);
      reads.push(read);
    }
    if (reads.length === 0) return true;
    const { changed, removed, problems } = this.#brands.update(reads);
    this.#noteOutcome(reads, { changed, removed, problems });
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

  /** Keeps when each applied file was loaded and, per file, the problems of its last refused edit. */
  #noteOutcome(reads: readonly FileRead[], { changed, removed, problems }: SiteChange & { problems: SiteProblem[] }): void {
    const now = new Date();
    for (const site of changed) {
      this.#loadedAt.set(site.id, now);
      this.#refused.delete(site.id);
    }
    for (const id of removed) {
      this.#loadedAt.delete(id);
      this.#refused.delete(id);
    }
    for (const read of reads) {
      const own = problems.filter((problem) => problem.file === read.file);
      if (own.length > 0) this.#refused.set(read.id, { id: read.id, file: read.file, at: now, problems: own });
      // A removed file that never served (a refused new file deleted) has nothing left to refuse.
      else if (read.kind === "removed") this.#refused.delete(read.id);
    }
  }
}
