import { createThemeContract } from "@vanilla-extract/css";

/** What a brand may change: colours, fonts and radii. Components read only these. */
export const vars = createThemeContract({
  color: {
    primary: null,
    primaryStrong: null,
    onPrimary: null,
    secondary: null,
    onSecondary: null,
    unread: null,
    background: null,
    surface: null,
    surfaceMuted: null,
    text: null,
    textMuted: null,
    border: null,
    link: null,
    danger: null,
    warning: null,
    success: null,
    heroFrom: null,
    heroTo: null,
    onHero: null,
  },
  font: { body: null, heading: null },
  radius: { small: null, medium: null, large: null, pill: null },
});
