import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const page = style({ flex: 1, width: "100%", maxWidth: "52rem", margin: "0 auto", padding: "2rem 1rem 3rem" });
export const cards = style({ display: "grid", gap: "1rem", "@media": { [media.md]: { gridTemplateColumns: "1fr 1fr" } } });
export const card = style({
  display: "grid",
  alignContent: "start",
  justifyItems: "start",
  padding: "1.5rem",
  borderRadius: vars.radius.large,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
