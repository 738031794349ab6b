/** The content languages of the product (§1). The message catalogue is Dutch, so nl comes first. */
export const LANGUAGES = ["nl", "da", "de", "en", "es", "fi", "fr", "it", "nb", "pl", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Regional variants that override a few labels of their language (§1): nl_BE, fr_BE and the US texts. */
export const LANGUAGE_VARIANTS = ["nl-BE", "fr-BE", "en-US"] as const;

export const DEFAULT_LANGUAGE: Language = "nl";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The i18next language for a visitor: the regional variant where one exists, else the language. */
export function translationLanguage(language: Language, country: string): string {
  const variant = `${language}-${country}`;
  return (LANGUAGE_VARIANTS as readonly string[]).includes(variant) ? variant : language;
}

/** Endonyms, so every visitor can find their own language in the switcher whatever the page language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  nl: "Nederlands",
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  it: "Italiano",
  nb: "Norsk bokmål",
  pl: "Polski",
  sv: "Svenska",
};

/** A variant holds only what differs (nl-BE); everything else comes from its language. */
export const FALLBACK_LANGUAGES = { "nl-BE": ["nl"], "fr-BE": ["fr"], "en-US": ["en"], default: [] as string[] };
