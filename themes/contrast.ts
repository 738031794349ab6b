import type { ColorToken, ThemeTokens } from "./tokens";

/** WCAG 2.x relative luminance of a #rgb or #rrggbb colour. */
export function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join("") : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The text colours the app sets on each background token: buttons, badges, body text, links. */
export const TEXT_PAIRS: readonly { text: ColorToken; on: ColorToken; what: string }[] = [
  { text: "onPrimaryStrong", on: "primaryStrong", what: "button text" },
  { text: "onPrimary", on: "primary", what: "text on primary-coloured chips" },
  { text: "onSecondary", on: "secondary", what: "secondary button text" },
  { text: "onUnread", on: "unread", what: "unread badge text" },
  { text: "primaryStrong", on: "surface", what: "outlined button text" },
  { text: "text", on: "background", what: "body text" },
  { text: "text", on: "surface", what: "text on cards" },
  { text: "text", on: "surfaceMuted", what: "text on muted panels" },
  { text: "textMuted", on: "background", what: "secondary text" },
  { text: "textMuted", on: "surface", what: "secondary text on cards" },
  { text: "textMuted", on: "surfaceMuted", what: "secondary text on muted panels" },
  { text: "link", on: "background", what: "links" },
  { text: "link", on: "surface", what: "links on cards" },
  { text: "danger", on: "surface", what: "error messages" },
  { text: "success", on: "surface", what: "success messages" },
  { text: "warning", on: "surface", what: "warnings" },
  { text: "onHero", on: "heroFrom", what: "hero text" },
  { text: "onHero", on: "heroTo", what: "hero text" },
  { text: "surface", on: "danger", what: "text on danger badges" },
  { text: "surface", on: "warning", what: "text on warning badges" },
  { text: "surface", on: "success", what: "text on done markers" },
];

export type ContrastProblem = { text: ColorToken; on: ColorToken; what: string; ratio: number };

/** The pairs of a theme's colours whose contrast is below WCAG AA. */
export function contrastProblems(color: ThemeTokens["color"]): ContrastProblem[] {
  return TEXT_PAIRS.map((pair) => ({ ...pair, ratio: contrastRatio(color[pair.text], color[pair.on]) })).filter(
    (pair) => pair.ratio < MIN_TEXT_CONTRAST,
  );
}
