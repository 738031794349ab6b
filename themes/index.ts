import { bbwTheme } from "./bbw.css";
import { defaultTheme } from "./default.css";
import { flirtTheme } from "./flirt.css";
import { gayTheme } from "./gay.css";
import { milfTheme } from "./milf.css";
import { BRAND_MARKS, type BrandMark } from "./marks";
import type { ThemeName } from "./names";

export type Theme = BrandMark & { className: string };

export const THEMES: Record<ThemeName, Theme> = {
  default: { className: defaultTheme, ...BRAND_MARKS.default },
  flirt: { className: flirtTheme, ...BRAND_MARKS.flirt },
  milf: { className: milfTheme, ...BRAND_MARKS.milf },
  gay: { className: gayTheme, ...BRAND_MARKS.gay },
  bbw: { className: bbwTheme, ...BRAND_MARKS.bbw },
};

export { vars } from "./contract.css";
export { THEME_NAMES, type ThemeName } from "./names";
