import { createTheme } from "@vanilla-extract/css";
import { vars } from "./contract.css";
import { defaultPalette, defaultRadius, systemSans } from "./palette";

/** Gay UK: deep violet with a teal accent. */
export const gayTheme = createTheme(vars, {
  color: {
    ...defaultPalette,
    primary: "#5b2a86",
    primaryStrong: "#43196a",
    onPrimary: "#ffffff",
    secondary: "#12b5a6",
    onSecondary: "#002824",
    unread: "#12b5a6",
    background: "#f7f5fb",
    surfaceMuted: "#efeaf6",
    link: "#5b2a86",
    border: "#ddd3ea",
    heroFrom: "#2d0f4d",
    heroTo: "#5b2a86",
  },
  font: { body: systemSans, heading: systemSans },
  radius: { ...defaultRadius, small: "4px", medium: "8px", large: "12px" },
});
