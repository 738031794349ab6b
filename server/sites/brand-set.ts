import type { SiteProblem } from "./load";
import type { Site } from "./schema";

/** What one read of a brand file found: the brand it now describes, why it cannot, or that it is gone. */
export type FileRead =
  | { id: string; file: string; kind: "valid"; site: Site; written: unknown }
  | { id: string; file: string; kind: "invalid"; problems: SiteProblem[] }
  | { id: string; file: string; kind: "removed" };

/** The brands an update made live (new or edited) and the ids it took away. */
export type SiteChange = { changed: Site[]; removed: string[] };

export type UpdateResult = SiteChange & { problems: SiteProblem[] };

/**
 * The live brands, indexed by id and by domain, updated one file at a time. Every update is
 * applied in one synchronous step, so a host never resolves to a half-applied state.
 *
 * A file that is invalid keeps its last good version live. A valid file that claims a domain
 * another brand holds is refused the same way (the brand that holds a domain keeps it; between
 * two new claims the file name that sorts first wins, as when all files are read together) and
 * waits: when the holder lets the domain go, the waiting version is applied without reading the
 * file again. So a domain moved by saving the new owner first and the old owner second goes from
 * one brand to the other in one step, and files saved together (a rename, a swap) apply together.
 */
export class BrandSet {
  #byId = new Map<string, Site>();
  #byDomain = new Map<string, Site>();
  /** Valid versions refused over a domain another brand holds, by id, retried on every update. */
  #waiting = new Map<string, { site: Site; file: string }>();

  get size(): number {
    return this.#byId.size;
  }

  byId(id: string): Site | undefined {
    return this.#byId.get(id);
  }

  byDomain(domain: string): Site | undefined {
    return this.#byDomain.get(domain);
  }

  values(): IterableIterator<Site> {
    return this.#byId.values();
  }

  /** Ids whose newest valid version waits for a domain another brand holds. */
  waiting(): string[] {
    return [...this.#waiting.keys()].sort();
  }

  /** Applies what the changed files now say; the rest of the brands are not looked at. */
  update(reads: readonly FileRead[]): UpdateResult {
    const problems: SiteProblem[] = [];
    const read = new Set(reads.map((r) => r.id));
    // null: the file is gone.
    const candidates = new Map<string, { site: Site | null; file: string }>();
    for (const r of reads) {
      this.#waiting.delete(r.id);
      if (r.kind === "invalid") problems.push(...r.problems);
      else if (r.kind === "removed") {
        if (this.#byId.has(r.id)) candidates.set(r.id, { site: null, file: r.file });
      } else candidates.set(r.id, { site: r.site, file: r.file });
    }
    for (const [id, waiting] of this.#waiting) if (!candidates.has(id)) candidates.set(id, waiting);

    const accepted = new Set(candidates.keys());
    const refuse = (id: string, problem?: SiteProblem) => {
      accepted.delete(id);
      const candidate = candidates.get(id)!;
      if (candidate.site) this.#waiting.set(id, { site: candidate.site, file: candidate.file });
      // A waiting version retried in vain was reported when its file was read.
      if (problem && read.has(id)) problems.push(problem);
    };
    // Refusing one claim puts its live version back, which may take a domain back from another
    // claim: repeat until no domain has two claimants. Only the changed brands' domains are looked at.
    for (let settled = false; !settled; ) {
      settled = true;
      const claims = new Map<string, string[]>();
      for (const id of [...accepted].sort()) {
        candidates.get(id)!.site?.domains.forEach((domain) => claims.set(domain, [...(claims.get(domain) ?? []), id]));
      }
      for (const [domain, claimants] of claims) {
        const holder = this.#byDomain.get(domain)?.id;
        // The holder's live version still claims the domain unless its own update is accepted.
        const holds = holder !== undefined && (!accepted.has(holder) || claimants.includes(holder));
        const first = holds ? holder : claimants[0]!;
        for (const id of claimants) {
          if (id === first || !accepted.has(id)) continue;
          const site = candidates.get(id)!.site!;
          const index = site.domains.indexOf(domain);
          refuse(id, { file: candidates.get(id)!.file, path: `domains[${index}]`, message: `"${domain}" already belongs to ${first}` });
          settled = false;
        }
      }
    }

    const removing = [...accepted].filter((id) => candidates.get(id)!.site === null);
    const adding = [...accepted].filter((id) => candidates.get(id)!.site !== null && !this.#byId.has(id)).length;
    if (removing.length > 0 && this.#byId.size - removing.length + adding === 0) {
      for (const id of removing) refuse(id, { file: candidates.get(id)!.file, path: "", message: "is the last site file: a server needs at least one brand" });
    }

    const change: SiteChange = { changed: [], removed: [] };
    for (const id of accepted) {
      const old = this.#byId.get(id);
      if (old) for (const domain of old.domains) if (this.#byDomain.get(domain) === old) this.#byDomain.delete(domain);
    }
    for (const id of [...accepted].sort()) {
      const { site } = candidates.get(id)!;
      this.#waiting.delete(id);
      if (site === null) {
        this.#byId.delete(id);
        change.removed.push(id);
        continue;
      }
      this.#byId.set(id, site);
      for (const domain of site.domains) this.#byDomain.set(domain, site);
      change.changed.push(site);
    }
    return { ...change, problems };
  }
}
