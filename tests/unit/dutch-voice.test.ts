import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Dutch speaks to the member with "je" and "jouw" throughout, never the formal "u" or "uw": one
 * voice per language. The only exceptions are texts the spec gives verbatim (§5), quoted here.
 */
const SPEC_TEXTS_WITH_U = ["Vul uw geboortedatum in ({{min_age}}+ jaar)"];

/** The formal pronouns as whole words, in any case; "uur", "jouw" and "nu" are other words. */
const FORMAL = /(?<![\p{L}\p{N}])(u|uw|uzelf)(?![\p{L}\p{N}])/iu;

/** Every text of a catalogue, with the key it sits under. */
function texts(value: unknown, key: string): { key: string; text: string }[] {
  if (typeof value === "string") return [{ key, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => texts(item, `${key}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([child, item]) => texts(item, `${key}.${child}`));
  return [];
}

async function dutchTexts() {
  const found: { key: string; text: string }[] = [];
  for (const language of ["nl", "nl-BE"]) {
    for (const file of await readdir(path.join("locales", language))) {
      const catalogue: unknown = JSON.parse(await readFile(path.join("locales", language, file), "utf8"));
      found.push(...texts(catalogue, `${language}/${path.basename(file, ".json")}`));
    }
  }
  return found;
}

describe("the Dutch catalogues", () => {
  it("say je and jouw, never u or uw, outside the spec's own texts", async () => {
    const formal = (await dutchTexts()).filter(({ text }) => FORMAL.test(text) && !SPEC_TEXTS_WITH_U.includes(text));
    expect(formal).toEqual([]);
  });

  it("still hold every spec text the exception list names, so the list cannot go stale", async () => {
    const all = new Set((await dutchTexts()).map(({ text }) => text));
    expect(SPEC_TEXTS_WITH_U.filter((text) => !all.has(text))).toEqual([]);
  });

  it("tell the formal words from others", () => {
    for (const text of ["Vul uw naam in", "Heeft u vragen?", "U bent welkom", "Kijk (uw profiel)", "voor uzelf"]) expect([text, FORMAL.test(text)]).toEqual([text, true]);
    for (const text of ["Nu of nooit", "over 2 uur", "jouw profiel", "Uwe", "ú"]) expect([text, FORMAL.test(text)]).toEqual([text, false]);
  });
});
