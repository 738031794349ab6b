import { createTheme } from "@vanilla-extract/css";
import { vars } from "./contract.css";
import { defaultPalette, defaultRadius, systemSans } from "./palette";

/** BBW US: coral and plum, soft and round. */
export const bbwTheme = createTheme(vars, {
  color: {
    ...defaultPalette,
    primary: "#e0565b",
    primaryStrong: "#b3333a",
    onPrimary: "#240406",
    secondary: "#7a2e6e",
    onSecondary: "#ffffff",
    unread: "#7a2e6e",
    background: "#fff8f6",
    surfaceMuted: "#fbeceb",
    link: "#a52a33",
    border: "#efd6d3",
    heroFrom: "#7a2e6e",
    heroTo: "#c8434a",
  },
  font: { body: systemSans, heading: systemSans },
  radius: { ...defaultRadius, medium: "16px", large: "28px" },
});
