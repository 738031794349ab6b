import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SiteRegistry } from "../../server/sites/registry";
import { copyDemoSites, siteFile } from "../support/site-fixtures";

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("brand files edited while the server runs", () => {
  let dir: string;
  let registry: SiteRegistry;
  let reads: string[];
  /** The registry's error log lines: a refused edit is logged once it has been read and checked. */
  let errors: string[];

  beforeEach(async () => {
    dir = await copyDemoSites();
    reads = [];
    errors = [];
    const readText = (file: string) => {
      reads.push(path.basename(file));
      return readFile(file, "utf8");
    };
    registry = await SiteRegistry.open({ dir, allowLocalhostIds: true, log: pino({ level: "error" }, { write: (line: string) => void errors.push(line) }), readText, settleMs: 20 });
    registry.watch();
    reads.length = 0;
  });

  afterEach(async () => {
    registry.close();
    await rm(dir, { recursive: true, force: true });
  });

  const write = (id: string, settings: Record<string, unknown>) => writeFile(path.join(dir, `${id}.json`), JSON.stringify(settings, null, 2));
  const original = async (id: string) => JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as Record<string, unknown>;
  const nameAt = (host: string) => registry.resolveHost(host)?.name;

  it("reads only the edited file again, and serves its new version", async () => {
    await write("gay-uk", { ...(await original("gay-uk")), name: "HimMatch Live" });
    await until(() => nameAt("gay-uk.localhost") === "HimMatch Live");
    expect(reads).toEqual(["gay-uk.json"]);
    expect(nameAt("flirt-nl.localhost")).toBe("FlirtNL");
  });

  it("serves an added file, forgets a removed one, and moves a renamed one", async () => {
    await write("new-brand", siteFile({ name: "New Brand", domains: ["newbrand.example"] }));
    await until(() => nameAt("newbrand.example") === "New Brand");
    expect(reads).toEqual(["new-brand.json"]);

    reads.length = 0;
    await rename(path.join(dir, "new-brand.json"), path.join(dir, "renamed-brand.json"));
    await until(() => registry.byId("renamed-brand") !== undefined && registry.byId("new-brand") === undefined);
    expect(registry.resolveHost("newbrand.example")?.id).toBe("renamed-brand");
    expect([...reads].sort()).toEqual(["new-brand.json", "renamed-brand.json"]);

    reads.length = 0;
    await rm(path.join(dir, "renamed-brand.json"));
    await until(() => registry.byId("renamed-brand") === undefined);
    expect(registry.resolveHost("newbrand.example")).toBeUndefined();
    expect(reads).toEqual(["renamed-brand.json"]);
    expect(registry.all()).toHaveLength(4);
  });

  it("keeps the last good version of an invalid edit while other files still apply", async () => {
    const gay = await original("gay-uk");
    await write("gay-uk", { ...gay, name: "Good Edit" });
    await until(() => nameAt("gay-uk.localhost") === "Good Edit");
    await write("gay-uk", { ...gay, name: "Broken", niche: 99 });
    await write("flirt-nl", { ...(await original("flirt-nl")), name: "Flirt Edited" });
    await until(() => nameAt("flirt-nl.localhost") === "Flirt Edited");
    expect(nameAt("gay-uk.localhost")).toBe("Good Edit");
    await write("gay-uk", gay);
    await until(() => nameAt("gay-uk.localhost") === gay.name);
  });

  it("moves a domain between two brands so that it resolves to exactly one of them", async () => {
    const flirt = await original("flirt-nl");
    const milf = await original("milf-de");
    const moving = "moving.example";
    await write("flirt-nl", { ...flirt, domains: [...(flirt.domains as string[]), moving] });
    await until(() => registry.resolveHost(moving)?.id === "flirt-nl");

    // Never none, never the other brand too early: watched while the two files are saved.
    const seen = new Set<string | undefined>();
    const watcher = setInterval(() => seen.add(registry.resolveHost(moving)?.id), 1);
    // The new owner first: refused while flirt-nl holds it, applied the moment flirt-nl lets go.
    await write("milf-de", { ...milf, domains: [...(milf.domains as string[]), moving] });
    await until(() => errors.some((line) => line.includes("not applied") && line.includes("milf-de")));
    expect(registry.resolveHost(moving)?.id).toBe("flirt-nl");
    reads.length = 0;
    await write("flirt-nl", flirt);
    await until(() => registry.resolveHost(moving)?.id === "milf-de");
    clearInterval(watcher);
    // The watcher may not have run between the switch and `until` seeing it: only the owners matter.
    expect([...seen].every((id) => id === "flirt-nl" || id === "milf-de")).toBe(true);
    expect(seen.has("flirt-nl")).toBe(true);
    // The waiting version was kept, not read again.
    expect(reads).toEqual(["flirt-nl.json"]);
    expect(registry.all().filter((site) => site.domains.includes(moving)).map((site) => site.id)).toEqual(["milf-de"]);
  });

  it("tells listeners only which brands changed", async () => {
    const changes: { changed: string[]; removed: string[] }[] = [];
    registry.onChange((_all, change) => changes.push({ changed: change.changed.map((site) => site.id), removed: change.removed }));
    await write("bbw-us", { ...(await original("bbw-us")), name: "Curvy Edited" });
    await until(() => changes.length > 0);
    expect(changes).toEqual([{ changed: ["bbw-us"], removed: [] }]);
  });
});
