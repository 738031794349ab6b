import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import i18next, { type i18n, type Resource } from "i18next";
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGES, LANGUAGES, LANGUAGE_VARIANTS } from "./languages";

export const NAMESPACES = ["common", "home", "pages", "account", "settings", "mail", "members", "photos", "complaints", "likes", "swipe", "matchfinder", "banners", "chat", "credits", "checkout", "payment", "directdebit", "notifications", "deletion", "privacy", "mailings"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Reads locales/<language>/<namespace>.json for every language and regional variant. */
export async function loadCatalog(dir: string): Promise<Resource> {
  const resources: Resource = {};
  for (const language of [...LANGUAGES, ...LANGUAGE_VARIANTS]) {
    const folder = path.join(dir, language);
    const files = await readdir(folder).catch(() => [] as string[]);
    resources[language] = {};
    for (const file of files.filter((name) => name.endsWith(".json"))) {
      resources[language][path.basename(file, ".json")] = JSON.parse(await readFile(path.join(folder, file), "utf8"));
    }
  }
  return resources;
}

/** One i18next instance holding every language; requests take a fixed `t` or a clone of it. */
export async function createI18n(resources: Resource): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES, ...LANGUAGE_VARIANTS],
    fallbackLng: FALLBACK_LANGUAGES,
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
