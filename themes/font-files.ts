import dmSansLatinExt from "@fontsource-variable/dm-sans/files/dm-sans-latin-ext-wght-normal.woff2?url";
import dmSansLatin from "@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2?url";
import frauncesLatinExt from "@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2?url";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import loraLatinExt from "@fontsource-variable/lora/files/lora-latin-ext-wght-normal.woff2?url";
import loraLatin from "@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url";
import nunitoLatinExt from "@fontsource-variable/nunito/files/nunito-latin-ext-wght-normal.woff2?url";
import nunitoLatin from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import outfitLatinExt from "@fontsource-variable/outfit/files/outfit-latin-ext-wght-normal.woff2?url";
import outfitLatin from "@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2?url";
import playfairLatinExt from "@fontsource-variable/playfair-display/files/playfair-display-latin-ext-wght-normal.woff2?url";
import playfairLatin from "@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url";
import quicksandLatinExt from "@fontsource-variable/quicksand/files/quicksand-latin-ext-wght-normal.woff2?url";
import quicksandLatin from "@fontsource-variable/quicksand/files/quicksand-latin-wght-normal.woff2?url";
import type { FontId, FontSubset } from "./fonts";

/**
 * The built (hashed, under /assets) address of each font file, for the document's preload links:
 * the same files the stylesheet's @font-face rules name (themes/fonts.css.ts, by fontFile()).
 * Imported only by the Vite-built app, never by server/ code, which esbuild and tsx run without
 * Vite's asset handling.
 */
export const FONT_FILES: Record<FontId, Record<FontSubset, string>> = {
  inter: { latin: interLatin, "latin-ext": interLatinExt },
  "dm-sans": { latin: dmSansLatin, "latin-ext": dmSansLatinExt },
  nunito: { latin: nunitoLatin, "latin-ext": nunitoLatinExt },
  outfit: { latin: outfitLatin, "latin-ext": outfitLatinExt },
  quicksand: { latin: quicksandLatin, "latin-ext": quicksandLatinExt },
  fraunces: { latin: frauncesLatin, "latin-ext": frauncesLatinExt },
  "playfair-display": { latin: playfairLatin, "latin-ext": playfairLatinExt },
  lora: { latin: loraLatin, "latin-ext": loraLatinExt },
};
