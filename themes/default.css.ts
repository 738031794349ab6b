import { createTheme } from "@vanilla-extract/css";
import { vars } from "./contract.css";
import { defaultPalette, defaultRadius, systemSans } from "./palette";

export const defaultTheme = createTheme(vars, {
  color: defaultPalette,
  font: { body: systemSans, heading: systemSans },
  radius: defaultRadius,
});
