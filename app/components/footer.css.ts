import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const footer = style({
  marginTop: "auto",
  background: vars.color.surfaceMuted,
  borderTop: `1px solid ${vars.color.border}`,
  padding: "2rem 0 1.5rem",
  fontSize: "0.95rem",
});
export const links = style({
  listStyle: "none",
  margin: "0 0 1.25rem",
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "0.25rem 1rem",
  "@media": { [media.md]: { display: "flex", flexWrap: "wrap", gap: "0.25rem 1.5rem" } },
});
export const link = style({ display: "inline-block", padding: "0.55rem 0", color: vars.color.text });
export const disclaimer = style({ color: vars.color.textMuted, fontSize: "0.875rem", maxWidth: "60rem" });
export const company = style({ color: vars.color.textMuted, fontSize: "0.875rem", margin: 0 });
