import { describe, expect, it } from "vitest";
import { BrandSet, type FileRead } from "../../server/sites/brand-set";
import { parseSiteFile } from "../../server/sites/load";
import { siteFile } from "../support/site-fixtures";

const valid = (id: string, domains: string[], name = id): FileRead => {
  const site = parseSiteFile(`sites/${id}.json`, JSON.stringify(siteFile({ name, domains }))).site!;
  return { id, file: `sites/${id}.json`, kind: "valid", site, written: {} };
};
const removed = (id: string): FileRead => ({ id, file: `sites/${id}.json`, kind: "removed" });
const invalid = (id: string): FileRead => ({ id, file: `sites/${id}.json`, kind: "invalid", problems: [{ file: `sites/${id}.json`, path: "niche", message: "must be from 1 to 7" }] });
const owner = (set: BrandSet, domain: string) => set.byDomain(domain)?.id;

function brands(...reads: FileRead[]): BrandSet {
  const set = new BrandSet();
  expect(set.update(reads).problems).toEqual([]);
  return set;
}

describe("brands updated one file at a time", () => {
  it("applies an edit, an addition and a removal, and reports only what changed", () => {
    const set = brands(valid("a", ["a.example"]), valid("b", ["b.example"]));
    const result = set.update([valid("a", ["a.example"], "A edited"), valid("c", ["c.example"]), removed("b")]);
    expect(result.changed.map((site) => site.id)).toEqual(["a", "c"]);
    expect(result.removed).toEqual(["b"]);
    expect(set.byId("a")?.name).toBe("A edited");
    expect(owner(set, "c.example")).toBe("c");
    expect(owner(set, "b.example")).toBeUndefined();
    expect(set.byId("b")).toBeUndefined();
  });

  it("keeps the last good version of a file that became invalid", () => {
    const set = brands(valid("a", ["a.example"], "Good"));
    const result = set.update([invalid("a")]);
    expect(result.problems.map((p) => p.path)).toEqual(["niche"]);
    expect(result.changed).toEqual([]);
    expect(set.byId("a")?.name).toBe("Good");
  });

  it("lets the brand that holds a domain keep it, and names the holder", () => {
    const set = brands(valid("b", ["shared.example"]));
    const result = set.update([valid("a", ["a.example", "shared.example"])]);
    expect(result.problems).toEqual([{ file: "sites/a.json", path: "domains[1]", message: '"shared.example" already belongs to b' }]);
    expect(owner(set, "shared.example")).toBe("b");
    expect(set.byId("a")).toBeUndefined();
  });

  it("between two new claims, the file name that sorts first wins, as when all files are read", () => {
    const set = brands(valid("x", ["x.example"]));
    const result = set.update([valid("b", ["new.example"]), valid("a", ["new.example"])]);
    expect(result.problems).toEqual([{ file: "sites/b.json", path: "domains[0]", message: '"new.example" already belongs to a' }]);
    expect(owner(set, "new.example")).toBe("a");
  });

  it("moves a domain when the new owner is saved first and the old owner second", () => {
    const set = brands(valid("a", ["a.example", "move.example"]), valid("b", ["b.example"]));
    set.update([valid("b", ["b.example", "move.example"])]);
    expect(owner(set, "move.example")).toBe("a");
    expect(set.waiting()).toEqual(["b"]);
    const result = set.update([valid("a", ["a.example"])]);
    expect(result.changed.map((site) => site.id)).toEqual(["a", "b"]);
    expect(owner(set, "move.example")).toBe("b");
    expect(set.waiting()).toEqual([]);
  });

  it("moves a domain in one step when both files change together, a swap included", () => {
    const set = brands(valid("a", ["one.example"]), valid("b", ["two.example"]));
    const result = set.update([valid("a", ["two.example"]), valid("b", ["one.example"])]);
    expect(result.problems).toEqual([]);
    expect(owner(set, "one.example")).toBe("b");
    expect(owner(set, "two.example")).toBe("a");
  });

  it("gives a renamed file's domains to its new name in one step", () => {
    const set = brands(valid("old-name", ["brand.example"]));
    const result = set.update([removed("old-name"), valid("new-name", ["brand.example"])]);
    expect(result).toMatchObject({ removed: ["old-name"], problems: [] });
    expect(owner(set, "brand.example")).toBe("new-name");
    expect(set.byId("old-name")).toBeUndefined();
  });

  it("puts a refused edit's old domains back before judging the other claims on them", () => {
    // a wants to give up one.example for taken.example (held by c): refused, so a keeps one.example and b cannot have it.
    const set = brands(valid("a", ["one.example"]), valid("c", ["taken.example"]));
    const result = set.update([valid("a", ["taken.example"]), valid("b", ["one.example"])]);
    expect(result.problems.map((p) => p.file).sort()).toEqual(["sites/a.json", "sites/b.json"]);
    expect(owner(set, "one.example")).toBe("a");
    expect(owner(set, "taken.example")).toBe("c");
    expect(set.byId("b")).toBeUndefined();
  });

  it("refuses to remove the last brand", () => {
    const set = brands(valid("a", ["a.example"]));
    expect(set.update([removed("a")]).problems[0]?.message).toContain("last site file");
    expect(owner(set, "a.example")).toBe("a");
  });
});
