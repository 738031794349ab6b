import { nicheName } from "./schema";

/**
 * The slug of a landing page (§2): the niche as a prefix (none for niche 1) and the language as a
 * suffix, where English is written 'eng'. `landingSlug(6, "de")` is "milf-de".
 */
export function landingSlug(niche: number, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  const suffix = language === "en" ? "eng" : language;
  const prefix = nicheName(niche);
  return prefix === "none" ? suffix : `${prefix}-${suffix}`;
}
