import type { NicheName } from "../server/sites/niche-sides";
import type { FontId } from "./fonts";
import type { BrandMark, LogoMark } from "./marks";
import type { ThemeName } from "./names";
import { PRESETS } from "./presets";
import { cssDeclarations, cssValues, type ColorToken, type IllustrationStyle, type RadiusToken, type ShadowToken, type ThemeTokens } from "./tokens";

/** What a brand file's "theme_overrides" may change in its preset (validated in server/sites/theme-overrides.ts). */
export type ThemeOverrides = {
  color?: Partial<Record<ColorToken, string>>;
  font?: { body?: FontId; heading?: FontId; headingWeight?: number };
  radius?: Partial<Record<RadiusToken, string>>;
  shadow?: Partial<Record<ShadowToken, string>>;
  illustration?: { style?: IllustrationStyle; scene?: NicheName };
};

/** A brand's tokens: its preset with its overrides on top. */
export function themeTokens(preset: ThemeName, overrides: ThemeOverrides = {}): ThemeTokens {
  const base = PRESETS[preset];
  return {
    color: { ...base.color, ...overrides.color },
    font: { ...base.font, ...overrides.font },
    radius: { ...base.radius, ...overrides.radius },
    shadow: { ...base.shadow, ...overrides.shadow },
    hero: base.hero,
    illustration: { ...base.illustration, ...overrides.illustration },
  };
}

// Worked out on first use: the browser bundle, which imports this module's neighbours, never needs it.
let stylesheetValues: Map<string, string> | undefined;

/**
 * The CSS a brand's pages carry inline: the custom properties whose values differ from the
 * stylesheet's (the default preset's), on a selector that outranks its `:root`. Empty for a brand
 * on the default preset without overrides.
 */
export function themeStyle(tokens: ThemeTokens): string {
  stylesheetValues ??= new Map(cssDeclarations(cssValues(PRESETS.default)));
  const defaults = stylesheetValues;
  const changed = cssDeclarations(cssValues(tokens)).filter(([name, value]) => defaults.get(name) !== value);
  return changed.length === 0 ? "" : `html:root{${changed.map(([name, value]) => `${name}:${value}`).join(";")}}`;
}

const SYMBOLS: Record<ThemeName, LogoMark> = { default: "heart", flirt: "heart", milf: "crown", gay: "spark", bbw: "flower" };

/** A brand's mark in the colours of its theme, overrides included. */
export function brandMark(preset: ThemeName, overrides?: ThemeOverrides): BrandMark {
  const { color } = themeTokens(preset, overrides);
  return { mark: SYMBOLS[preset], markColor: color.primaryStrong, markAccent: color.secondary, markText: color.onPrimaryStrong };
}
