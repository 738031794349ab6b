import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * A text of the message catalogue as the visitor reads it, with its {{values}} filled in, so
 * browser tests check the words of each language without repeating them.
 */
export function text(language: string, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, keyPath] = key.includes(":") ? (key.split(":") as [string, string]) : ["common", key];
  const catalog = JSON.parse(readFileSync(path.join("locales", language, `${namespace}.json`), "utf8")) as Record<string, unknown>;
  const found = keyPath.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
  if (typeof found !== "string") throw new Error(`no text ${language}/${namespace}:${keyPath}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
