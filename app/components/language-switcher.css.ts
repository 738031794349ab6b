import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const form = style({ display: "flex", alignItems: "center", gap: "0.4rem" });
export const label = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});
export const select = style({
  minHeight: "44px",
  padding: "0 0.6rem",
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
});
