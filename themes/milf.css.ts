import { createTheme } from "@vanilla-extract/css";
import { vars } from "./contract.css";
import { defaultPalette, defaultRadius, systemSans, systemSerif } from "./palette";

/** Milf DE: burgundy and gold, a serif for headings. */
export const milfTheme = createTheme(vars, {
  color: {
    ...defaultPalette,
    primary: "#8e1b3a",
    primaryStrong: "#6d1029",
    onPrimary: "#ffffff",
    secondary: "#d9a441",
    onSecondary: "#2a1a00",
    unread: "#d9a441",
    background: "#fbf7f4",
    surfaceMuted: "#f3ebe6",
    link: "#8e1b3a",
    border: "#e4d6cf",
    heroFrom: "#4a0d1f",
    heroTo: "#8e1b3a",
  },
  font: { body: systemSans, heading: systemSerif },
  radius: { ...defaultRadius, medium: "6px", large: "10px" },
});
