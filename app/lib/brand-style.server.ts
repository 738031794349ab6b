import type { Language } from "../../server/i18n/languages";
import type { Site } from "../../server/sites/schema";
import { FONT_FILES } from "../../themes/font-files";
import { LATIN_EXTENDED_LANGUAGES } from "../../themes/fonts";
import type { LogoMark } from "../../themes/marks";
import { brandMark, themeStyle, themeTokens } from "../../themes/resolve";

type BrandStyle = {
  /** Inline CSS: the brand's theme where it differs from the stylesheet's default. */
  css: string;
  /** The font files its first screen needs, by subset: preloaded in the document's head. */
  fonts: { latin: string[]; latinExtended: string[] };
  /** The browser's toolbar colour. */
  themeColor: string;
  /** The symbol of its logo. */
  mark: LogoMark;
};

// Worked out once per brand settings object (a brand edit makes a new one), never per request.
const styles = new WeakMap<Site, BrandStyle>();

function brandStyle(site: Site): BrandStyle {
  let style = styles.get(site);
  if (!style) {
    const tokens = themeTokens(site.theme, site.theme_overrides);
    const faces = [...new Set([tokens.font.body, tokens.font.heading])];
    const { mark, markColor } = brandMark(site.theme, site.theme_overrides);
    style = {
      css: themeStyle(tokens),
      fonts: { latin: faces.map((id) => FONT_FILES[id].latin), latinExtended: faces.map((id) => FONT_FILES[id]["latin-ext"]) },
      themeColor: markColor,
      mark,
    };
    styles.set(site, style);
  }
  return style;
}

/**
 * What a page carries for the brand: in the document's head its theme's CSS, the fonts to preload
 * and the toolbar colour; and its logo's symbol.
 */
export function brandLook(site: Site, language: Language) {
  const { css, fonts, themeColor, mark } = brandStyle(site);
  // A language with letters beyond Latin-1 (Polish) needs the extended subset at once too.
  const preloadFonts = LATIN_EXTENDED_LANGUAGES.includes(language) ? [...fonts.latin, ...fonts.latinExtended] : fonts.latin;
  return { head: { css, preloadFonts, themeColor }, mark };
}
