import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, LANGUAGE_VARIANTS } from "../../server/i18n/languages";

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a catalogue, arrays by index, plural forms folded into one key. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, `${prefix}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix.replace(PLURAL, "")];
}

async function catalogue(language: string, namespace: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join("locales", language, `${namespace}.json`), "utf8"));
}

const namespaces = (await readdir("locales/nl")).map((file) => path.basename(file, ".json"));

describe("locales", () => {
  it.each(LANGUAGES.flatMap((language) => namespaces.map((namespace) => [language, namespace])))(
    "%s/%s has exactly the keys of nl",
    async (language, namespace) => {
      const expected = new Set(keyPaths(await catalogue("nl", namespace)));
      const actual = new Set(keyPaths(await catalogue(language, namespace)));
      expect([...expected].filter((key) => !actual.has(key)), "missing").toEqual([]);
      expect([...actual].filter((key) => !expected.has(key)), "not in nl").toEqual([]);
    },
  );

  it.each(LANGUAGE_VARIANTS.map((variant) => [variant]))("%s overrides only keys its language has", async (variant) => {
    const base = variant.slice(0, 2);
    for (const file of await readdir(path.join("locales", variant)).catch(() => [] as string[])) {
      const namespace = path.basename(file, ".json");
      // Arrays are replaced whole, not merged, so a variant may give a longer one.
      const upToArray = (key: string) => key.replace(/\[.*$/, "");
      const known = new Set(keyPaths(await catalogue(base, namespace)).map(upToArray));
      expect(keyPaths(await catalogue(variant, namespace)).map(upToArray).filter((key) => !known.has(key))).toEqual([]);
    }
  });

  it("keeps the spec's Dutch texts verbatim", async () => {
    const nl = (await catalogue("nl", "common")) as { errors: Record<string, string>; validation: Record<string, string> };
    expect(nl.errors.loginFailed).toBe("Login mislukt, probeer opnieuw");
    expect(nl.errors.tooManyAttempts).toBe("Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.");
    expect(nl.errors.paymentFailedText).toBe("De betaling is mislukt of geannuleeerd.");
    expect(nl.validation.birthDateRequired).toBe("Vul uw geboortedatum in ({{min_age}}+ jaar)");
    expect(nl.validation.emailTaken).toBe("Dit e-mailadres heeft al een account op deze site.");
  });
});
