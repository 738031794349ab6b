import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { duplicateKeys } from "./duplicate-keys";
import { siteSchema, type Site } from "./schema";

export type SiteProblem = { file: string; path: string; message: string };

export type SiteLoadResult = { sites: Site[]; problems: SiteProblem[] };

const SITE_FILE = /^[a-z0-9][a-z0-9-]*\.json$/;

/** `countries[1]`, `company.name`: the JSON path in the notation brand managers read. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") {
    return `unknown setting${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}: check the spelling`;
  }
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return issue.message.startsWith("is required") ? issue.message : "is required";
  }
  return issue.message;
}

/** Validates one file's text; the id comes from the file name, the pool defaults to the id. */
export function parseSiteFile(fileName: string, text: string): { site?: Site; problems: SiteProblem[] } {
  const file = fileName;
  if (!SITE_FILE.test(path.basename(fileName))) {
    return { problems: [{ file, path: "", message: "file name must be the site id in lower case, digits and hyphens, ending in .json" }] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [{ file, path: "", message: `is not valid JSON: ${(error as Error).message}` }] };
  }
  const duplicates = duplicateKeys(text);
  if (duplicates.length > 0) {
    return { problems: duplicates.map((segments) => ({ file, path: jsonPath(segments), message: "is set more than once: keep one (otherwise the last would silently win)" })) };
  }
  const result = siteSchema.safeParse(json, { reportInput: true });
  if (!result.success) {
    return { problems: result.error.issues.map((issue) => ({ file, path: jsonPath(issue.path), message: issueMessage(issue) })) };
  }
  const id = path.basename(fileName, ".json");
  return { site: { ...result.data, id, pool: result.data.pool ?? id }, problems: [] };
}

/** Problems that only show when all files are read together: a domain claimed twice. */
export function crossSiteProblems(sites: readonly Site[], fileOf: (site: Site) => string): SiteProblem[] {
  const owner = new Map<string, Site>();
  const problems: SiteProblem[] = [];
  for (const site of sites) {
    site.domains.forEach((domain, i) => {
      const other = owner.get(domain);
      if (other) problems.push({ file: fileOf(site), path: `domains[${i}]`, message: `"${domain}" already belongs to ${other.id}` });
      else owner.set(domain, site);
    });
  }
  return problems;
}

export async function loadSites(dir: string): Promise<SiteLoadResult> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  const label = (name: string) => path.join(path.relative(process.cwd(), dir) || ".", name);
  const sites: Site[] = [];
  const problems: SiteProblem[] = [];
  for (const name of names) {
    const parsed = parseSiteFile(label(name), await readFile(path.join(dir, name), "utf8"));
    problems.push(...parsed.problems);
    if (parsed.site) sites.push(parsed.site);
  }
  if (names.length === 0) problems.push({ file: label(""), path: "", message: "holds no site files (*.json)" });
  problems.push(...crossSiteProblems(sites, (site) => label(`${site.id}.json`)));
  return { sites, problems };
}

export function formatProblems(problems: readonly SiteProblem[]): string {
  return problems.map((p) => `${p.file}${p.path ? `  ${p.path}` : ""}: ${p.message}`).join("\n");
}

export class SiteConfigError extends Error {
  constructor(readonly problems: SiteProblem[]) {
    super(`The site configuration has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${formatProblems(problems)}`);
    this.name = "SiteConfigError";
  }
}
