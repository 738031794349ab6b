import { globalFontFace } from "@vanilla-extract/css";
import { FONT_IDS, FONT_SUBSETS, FONTS, fontFile, type FontSubset } from "./fonts";

// Every offered typeface is declared (a few hundred bytes of the one stylesheet); a browser
// downloads only the files of the faces a page's text actually uses. The build resolves each
// package file, copies it to /assets under a content hash and writes that address here.
for (const id of FONT_IDS) {
  for (const subset of Object.keys(FONT_SUBSETS) as FontSubset[]) {
    globalFontFace(FONTS[id].family, {
      src: `url("${fontFile(id, subset)}") format("woff2")`,
      fontWeight: FONTS[id].weights,
      fontStyle: "normal",
      fontDisplay: "swap",
      unicodeRange: FONT_SUBSETS[subset],
    });
  }
}
