import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const dialog = style({
  width: "min(26rem, calc(100vw - 2rem))",
  padding: "1.75rem 1.5rem 1.5rem",
  border: "none",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.large,
  textAlign: "center",
  selectors: { "&::backdrop": { background: "rgba(10, 16, 24, 0.72)" } },
});

export const close = style({
  position: "absolute",
  top: "0.5rem",
  right: "0.5rem",
  width: "2.75rem",
  height: "2.75rem",
  border: "none",
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.textMuted,
  fontSize: "1.6rem",
  lineHeight: 1,
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surfaceMuted, color: vars.color.text } },
});
