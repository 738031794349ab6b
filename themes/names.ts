/** The themes a brand's file may name; each has a `<name>.css.ts` beside this file. */
export const THEME_NAMES = ["default", "flirt", "milf", "gay", "bbw"] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
