import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const page = style({ flex: 1, width: "100%", maxWidth: "46rem", margin: "0 auto", padding: "2.5rem 1rem 3rem" });
export const intro = style({ fontSize: "1.1rem", color: vars.color.textMuted });
export const section = style({ marginTop: "1.75rem" });
export const version = style({ fontSize: "0.9rem", color: vars.color.textMuted });
