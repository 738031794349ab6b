import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { normalizeHost, siteIdFromLocalhost } from "../../server/sites/host";
import { SiteConfigError } from "../../server/sites/load";
import { SiteRegistry } from "../../server/sites/registry";
import { siteFile } from "../support/site-fixtures";

const log = pino({ level: "silent" });

async function registry(allowLocalhostIds: boolean, files: Record<string, unknown>) {
  const dir = await mkdtemp(path.join(tmpdir(), "amora-host-"));
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), JSON.stringify(content));
  return SiteRegistry.open({ dir, allowLocalhostIds, log });
}

describe("host resolution", () => {
  it.each([
    ["FlirtNL.Example", "flirtnl.example"],
    ["www.flirtnl.example", "flirtnl.example"],
    ["www.flirtnl.example:8443", "flirtnl.example"],
    ["flirtnl.example.", "flirtnl.example"],
    ["flirt-nl.localhost:3000", "flirt-nl.localhost"],
    ["[::1]:3000", "[::1]:3000"],
    ["", ""],
  ])("normalizes %s to %s", (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });

  it("reads a site id from <id>.localhost only", () => {
    expect(siteIdFromLocalhost("flirt-nl.localhost")).toBe("flirt-nl");
    expect(siteIdFromLocalhost("localhost")).toBeUndefined();
    expect(siteIdFromLocalhost("a.b.localhost")).toBeUndefined();
  });

  it("finds a brand by each of its domains, with and without www. and port", async () => {
    const sites = await registry(false, { "a.json": siteFile({ domains: ["a.example", "a.example.co.uk"] }), "b.json": siteFile({ domains: ["b.example"] }) });
    for (const host of ["a.example", "www.a.example", "A.EXAMPLE:443", "a.example.co.uk", "www.a.example.co.uk"]) {
      expect(sites.resolveHost(host)?.id).toBe("a");
    }
    expect(sites.resolveHost("b.example")?.id).toBe("b");
    expect(sites.resolveHost("c.example")).toBeUndefined();
    expect(sites.resolveHost(undefined)).toBeUndefined();
  });

  it("serves <site-id>.localhost on any port outside production only", async () => {
    const files = { "flirt-nl.json": siteFile() };
    const dev = await registry(true, files);
    expect(dev.resolveHost("flirt-nl.localhost:3000")?.id).toBe("flirt-nl");
    expect(dev.resolveHost("flirt-nl.localhost:51234")?.id).toBe("flirt-nl");
    expect(dev.resolveHost("nobody.localhost:3000")).toBeUndefined();
    const production = await registry(false, files);
    expect(production.resolveHost("flirt-nl.localhost:3000")).toBeUndefined();
  });

  it("refuses to open on an invalid file, naming file, path and problem", async () => {
    const opening = registry(true, { "ok.json": siteFile(), "bad.json": siteFile({ niche: 12 }) });
    await expect(opening).rejects.toBeInstanceOf(SiteConfigError);
    await expect(opening).rejects.toThrow(/bad\.json {2}niche: must be from 1 to 7/);
  });
});
