import type { NicheName } from "../server/sites/niche-sides";
import { fontStack, type FontId } from "./fonts";

/**
 * The design tokens of a theme, as plain data that server code (the brand schema, the page's
 * brand style) can read without the stylesheet compiler. `contract.css.ts` turns the same shape
 * into CSS custom properties; components read only those.
 */
export const COLOR_TOKENS = [
  "primary",
  "primaryStrong",
  "onPrimary",
  "onPrimaryStrong",
  "secondary",
  "onSecondary",
  "unread",
  "onUnread",
  "background",
  "surface",
  "surfaceMuted",
  "text",
  "textMuted",
  "border",
  "link",
  "danger",
  "warning",
  "success",
  "heroFrom",
  "heroTo",
  "onHero",
  "focusRing",
  "focusHalo",
] as const;
export type ColorToken = (typeof COLOR_TOKENS)[number];

/** The focus ring is the same neutral pair everywhere: a brand cannot make it its danger red. */
export const FIXED_COLOR_TOKENS = ["focusRing", "focusHalo"] as const satisfies readonly ColorToken[];
export const BRAND_COLOR_TOKENS = COLOR_TOKENS.filter((token) => !(FIXED_COLOR_TOKENS as readonly string[]).includes(token)) as Exclude<
  ColorToken,
  (typeof FIXED_COLOR_TOKENS)[number]
>[];

/** `button`: the main buttons' corners (fully round, or a brand's squarer shape); `pill` stays round. */
export const RADIUS_TOKENS = ["small", "medium", "large", "button"] as const;
export type RadiusToken = (typeof RADIUS_TOKENS)[number];

/** Elevation: resting cards, raised cards and menus, dialogs. */
export const SHADOW_TOKENS = ["small", "medium", "large"] as const;
export type ShadowToken = (typeof SHADOW_TOKENS)[number];

/** How drawn art (the home page's hero) is rendered: flat shapes, or every shape outlined in the text colour, as a sticker. */
export const ILLUSTRATION_STYLES = ["flat", "outlined"] as const;
export type IllustrationStyle = (typeof ILLUSTRATION_STYLES)[number];
const OUTLINE_WIDTH: Record<IllustrationStyle, string> = { flat: "0px", outlined: "3px" };

export type ThemeTokens = {
  /** Colours as #rrggbb, so that their contrast can be computed. */
  color: Record<ColorToken, string>;
  /** `heading` is the display face: headings, the wordmark, prices. */
  font: { body: FontId; heading: FontId; headingWeight: number; headingTracking: string };
  radius: Record<RadiusToken, string>;
  shadow: Record<ShadowToken, string>;
  /**
   * Art direction of the home page's hero: its backdrop (gradients over the hero colours), whether
   * its text is centred, the headline's size, and the corners of the art's frame.
   */
  hero: { background: string; align: "start" | "center"; titleSize: string; frame: string };
  /** The art's style, and the hero's scene: the niche's own unless a brand names another niche's. */
  illustration: { style: IllustrationStyle; scene?: NicheName };
};

/** A custom property of the contract, by its path: `--color-primary`, `--hero-background`. */
export function tokenVariable(path: readonly string[]): string {
  return `--${path.join("-")}`;
}

/** `var(--color-heroFrom)`: for token values that follow other tokens (a hero gradient). */
export function tokenReference(...path: string[]): string {
  return `var(${tokenVariable(path)})`;
}

/** A theme's tokens as the CSS values of the contract's properties, in the contract's shape. */
export function cssValues(tokens: ThemeTokens) {
  return {
    color: tokens.color,
    font: {
      body: fontStack(tokens.font.body),
      heading: fontStack(tokens.font.heading),
      headingWeight: String(tokens.font.headingWeight),
      headingTracking: tokens.font.headingTracking,
    },
    radius: { ...tokens.radius, pill: "999px" },
    shadow: tokens.shadow,
    hero: tokens.hero,
    illustration: { outline: OUTLINE_WIDTH[tokens.illustration.style] },
  };
}

export type CssValues = ReturnType<typeof cssValues>;

/** Every custom property of a theme with its value, in a stable order. */
export function cssDeclarations(values: CssValues): [string, string][] {
  return Object.entries(values).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, string>).map(([name, value]): [string, string] => [tokenVariable([group, name]), value]),
  );
}
