import { createTheme } from "@vanilla-extract/css";
import { vars } from "./contract.css";
import { defaultPalette, defaultRadius, systemSans } from "./palette";

/** Flirt NL: the house palette, warm and playful, rounder corners. */
export const flirtTheme = createTheme(vars, {
  color: { ...defaultPalette, heroFrom: "#0a5f8a", heroTo: "#a8460f" },
  font: { body: systemSans, heading: systemSans },
  radius: { ...defaultRadius, medium: "14px", large: "24px" },
});
