import { escapeMarkup } from "../server/escape-markup";

export type LogoMark = "heart" | "crown" | "spark" | "flower";

/** A brand's mark and its colours, for server code (e-mail, favicon) that cannot read CSS variables (themes/resolve.ts). */
export type BrandMark = {
  /** The symbol beside the brand name in the logo and alone in the favicon. */
  mark: LogoMark;
  /**
   * Colours of the favicon, the app icon and e-mails, which cannot read CSS variables: the theme's
   * primaryStrong (white text on it passes contrast; e-mail buttons rely on that) and its secondary.
   */
  markColor: string;
  markAccent: string;
  /** Text on markColor (the theme's onPrimaryStrong). */
  markText: string;
};

/** SVG paths of the logo marks, drawn in a 24×24 box; shared by the logo and the favicon. */
export const MARK_PATHS: Record<LogoMark, string> = {
  heart: "M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.5 5c2.1 0 3.5 1.1 4.5 2.6C12 6.1 13.4 5 15.5 5 19 5 21 8.6 19.6 11.8 17.5 16.4 12 21 12 21z",
  crown: "M3 18h18l1-11-5.5 4L12 4l-4.5 7L2 7l1 11zm0 2h18v2H3z",
  spark: "M12 2l2.4 7.2L22 12l-7.6 2.8L12 22l-2.4-7.2L2 12l7.6-2.8z",
  flower: "M12 8a4 4 0 1 1 4-4 4 4 0 1 1 0 8 4 4 0 1 1-4 4 4 4 0 1 1-4-4 4 4 0 1 1 0-8 4 4 0 0 1 4 4zm0 2.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z",
};

/** The favicon of a brand: its mark on a rounded square of the theme colour. */
export function faviconSvg(mark: LogoMark, color: string, accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${color}"/><g transform="translate(4 4)"><path d="${MARK_PATHS[mark]}" fill="#fff"/></g><circle cx="26" cy="6" r="3" fill="${accent}"/></svg>`;
}

/**
 * The picture a shared link of a brand shows (Open Graph, 1200 × 630): its mark and name on its
 * colour, and its domain. Drawn, never a member's photo, so no preview shows anything explicit.
 */
export function shareImageSvg({ mark, markColor, markAccent, markText }: BrandMark, name: string, domain: string): string {
  // A long name gets smaller letters, so it stays within the picture.
  const nameSize = Math.min(108, Math.floor(1700 / Math.max(name.length, 1)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="${markColor}"/>
<circle cx="1080" cy="90" r="260" fill="${markAccent}" opacity="0.35"/>
<circle cx="140" cy="640" r="200" fill="${markText}" opacity="0.08"/>
<g transform="translate(790 190) scale(13)" opacity="0.14"><path d="${MARK_PATHS[mark]}" fill="${markText}"/></g>
<rect x="96" y="150" width="144" height="144" rx="36" fill="${markText}"/>
<g transform="translate(120 174) scale(4)"><path d="${MARK_PATHS[mark]}" fill="${markColor}"/></g>
<text x="96" y="${400 + nameSize / 3}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${nameSize}" fill="${markText}">${escapeMarkup(name)}</text>
<text x="100" y="540" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="36" fill="${markText}" opacity="0.85">${escapeMarkup(domain)}</text>
</svg>`;
}
