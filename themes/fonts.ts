/**
 * The typefaces a theme may use: self-hosted variable fonts from the @fontsource-variable packages.
 * Only their upright weight axis (no italics, no optical-size or other axes) and only the Latin and
 * Latin Extended subsets are served; the browser fetches Latin Extended only for a page that uses its
 * letters (Polish ą, ł, ż...), by unicode-range.
 */
export const FONTS = {
  inter: { family: "Inter Variable", weights: "100 900", fallback: "sans" },
  "dm-sans": { family: "DM Sans Variable", weights: "100 1000", fallback: "sans" },
  nunito: { family: "Nunito Variable", weights: "200 1000", fallback: "sans" },
  outfit: { family: "Outfit Variable", weights: "100 900", fallback: "sans" },
  quicksand: { family: "Quicksand Variable", weights: "300 700", fallback: "sans" },
  fraunces: { family: "Fraunces Variable", weights: "100 900", fallback: "serif" },
  "playfair-display": { family: "Playfair Display Variable", weights: "400 900", fallback: "serif" },
  lora: { family: "Lora Variable", weights: "400 700", fallback: "serif" },
} as const;

export type FontId = keyof typeof FONTS;
export const FONT_IDS = Object.keys(FONTS) as FontId[];

export const FONT_SUBSETS = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
} as const;

export type FontSubset = keyof typeof FONT_SUBSETS;

/** The package file of a face's subset: its upright, weight-axis-only cut. */
export function fontFile(id: FontId, subset: FontSubset): string {
  return `@fontsource-variable/${id}/files/${id}-${subset}-wght-normal.woff2`;
}

// Shown until the web font arrives (font-display: swap), and where it never does.
const FALLBACKS = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", Times, serif',
};

/** The CSS font-family value of a typeface: its web font first, then the system's of the same kind. */
export function fontStack(id: FontId): string {
  const font = FONTS[id];
  return `"${font.family}", ${FALLBACKS[font.fallback]}`;
}

/** Content languages whose everyday words need the Latin Extended subset (ą, ę, ł, ś, ż...). */
export const LATIN_EXTENDED_LANGUAGES: readonly string[] = ["pl"];
