import { bbwTheme } from "./bbw.css";
import { defaultTheme } from "./default.css";
import { flirtTheme } from "./flirt.css";
import { gayTheme } from "./gay.css";
import { milfTheme } from "./milf.css";
import type { ThemeName } from "./names";

export type LogoMark = "heart" | "crown" | "spark" | "flower";

export type Theme = {
  className: string;
  /** The symbol beside the brand name in the logo and alone in the favicon. */
  mark: LogoMark;
  /** Colours the logo and favicon are drawn in (SVG files cannot read CSS variables). */
  markColor: string;
  markAccent: string;
};

export const THEMES: Record<ThemeName, Theme> = {
  default: { className: defaultTheme, mark: "heart", markColor: "#0b6e9e", markAccent: "#f28c28" },
  flirt: { className: flirtTheme, mark: "heart", markColor: "#e2741c", markAccent: "#0a5f8a" },
  milf: { className: milfTheme, mark: "crown", markColor: "#8e1b3a", markAccent: "#d9a441" },
  gay: { className: gayTheme, mark: "spark", markColor: "#5b2a86", markAccent: "#12b5a6" },
  bbw: { className: bbwTheme, mark: "flower", markColor: "#c8434a", markAccent: "#7a2e6e" },
};

export { vars } from "./contract.css";
export { THEME_NAMES, type ThemeName } from "./names";
