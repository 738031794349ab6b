import { describe, expect, it } from "vitest";
import { duplicateKeys } from "../../server/sites/duplicate-keys";
import { parseSiteFile } from "../../server/sites/load";
import { siteFile } from "../support/site-fixtures";

describe("duplicate keys in JSON", () => {
  it("finds none in a file without", () => {
    expect(duplicateKeys(JSON.stringify(siteFile(), null, 2))).toEqual([]);
    expect(duplicateKeys('{"a": {"b": 1}, "c": {"b": 2}, "d": [{"b": 1}, {"b": 2}]}')).toEqual([]);
    expect(duplicateKeys('[1, "x", true, null]')).toEqual([]);
  });

  it("names the path of each repeated key, at any depth", () => {
    expect(duplicateKeys('{"name": "A", "niche": 1, "name": "B"}')).toEqual([["name"]]);
    expect(duplicateKeys('{"company": {"name": "A", "city": "X", "name": "B"}}')).toEqual([["company", "name"]]);
    expect(duplicateKeys('{"list": [{"a": 1}, {"a": 1, "b": [], "a": 2}]}')).toEqual([["list", 1, "a"]]);
    expect(duplicateKeys('{"x": {"y": {"z": 1, "z": 2}}, "x": 3}')).toEqual([["x", "y", "z"], ["x"]]);
  });

  it("reads keys as JSON does: escapes, and braces or commas inside strings", () => {
    expect(duplicateKeys('{"a": 1, "\\u0061": 2}')).toEqual([["a"]]);
    expect(duplicateKeys('{"a\\"": "{,}", "b": "[\\\\", "a\\"": 1}')).toEqual([['a"']]);
    expect(duplicateKeys('{"text": "a, \\"b\\": c", "b": 1}')).toEqual([]);
  });
});

describe("a brand file with a duplicate key", () => {
  it("is refused, naming the key's path", () => {
    const text = JSON.stringify(siteFile(), null, 2).replace('"company": {', '"company": {\n    "city": "Elsewhere",');
    const { site, problems } = parseSiteFile("sites/test-brand.json", text);
    expect(site).toBeUndefined();
    expect(problems).toEqual([{ file: "sites/test-brand.json", path: "company.city", message: "is set more than once: keep one (otherwise the last would silently win)" }]);
  });
});
