import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { FileRead } from "./brand-set";
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
  // Zod's own wording is replaced; a schema's own message (one that lists the names there are) is kept.
  if (issue.code === "unrecognized_keys" && issue.message.startsWith("Unrecognized key")) {
    return `unknown setting${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}: check the spelling`;
  }
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return issue.message.startsWith("is required") ? issue.message : "is required";
  }
  return issue.message;
}

/** Validates one file's text; the id comes from the file name, the pool defaults to the id. */
/** A valid file answers its site and, for the support console, the file as written (before the schema's defaults). */
export function parseSiteFile(fileName: string, text: string): { site?: Site; written?: unknown; problems: SiteProblem[] } {
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
  return { site: { ...result.data, id, pool: result.data.pool ?? id }, written: json, problems: [] };
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

/** How a brand file's text is read: from disk, unless a test counts the reads. */
export type ReadText = (file: string) => Promise<string>;

const readText: ReadText = (file) => readFile(file, "utf8");

/** The brand files of a folder, by name, in the order their claims on domains are weighed. */
export async function siteFileNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
}

/** `sites/flirt-nl.json`: a file as problems name it, relative to where the process runs. */
export function siteFileLabel(dir: string, name: string): string {
  return path.join(path.relative(process.cwd(), dir) || ".", name);
}

/** A file's text, or, when there is none to validate, what that means: removed, or unreadable. */
export async function readSiteText(dir: string, name: string, read: ReadText = readText): Promise<{ text: string } | FileRead> {
  try {
    return { text: await read(path.join(dir, name)) };
  } catch (error) {
    const file = siteFileLabel(dir, name);
    const id = path.basename(name, ".json");
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { id, file, kind: "removed" };
    return { id, file, kind: "invalid", problems: [{ file, path: "", message: `cannot be read: ${(error as Error).message}` }] };
  }
}

/** Validates the text of one file of the folder. */
export function siteFileRead(dir: string, name: string, text: string): FileRead {
  const file = siteFileLabel(dir, name);
  const id = path.basename(name, ".json");
  const parsed = parseSiteFile(file, text);
  return parsed.site ? { id, file, kind: "valid", site: parsed.site, written: parsed.written } : { id, file, kind: "invalid", problems: parsed.problems };
}

/** Reads and validates one file; one that is not there (any more) is a removal. */
export async function readSiteFile(dir: string, name: string, read: ReadText = readText): Promise<FileRead & { text?: string }> {
  const got = await readSiteText(dir, name, read);
  return "text" in got ? { ...siteFileRead(dir, name, got.text), text: got.text } : got;
}

export async function loadSites(dir: string, read: ReadText = readText): Promise<SiteLoadResult & { reads: (FileRead & { text?: string })[] }> {
  const names = await siteFileNames(dir);
  const reads: (FileRead & { text?: string })[] = [];
  // A few at a time: thousands of files opened at once would run out of file handles.
  for (let i = 0; i < names.length; i += 32) reads.push(...(await Promise.all(names.slice(i, i + 32).map((name) => readSiteFile(dir, name, read)))));
  const sites: Site[] = [];
  const problems: SiteProblem[] = [];
  for (const r of reads) {
    if (r.kind === "valid") sites.push(r.site);
    else if (r.kind === "invalid") problems.push(...r.problems);
  }
  if (names.length === 0) problems.push({ file: siteFileLabel(dir, ""), path: "", message: "holds no site files (*.json)" });
  problems.push(...crossSiteProblems(sites, (site) => siteFileLabel(dir, `${site.id}.json`)));
  return { sites, problems, reads };
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
