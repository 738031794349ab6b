import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const bar = style({
  position: "sticky",
  top: 0,
  zIndex: 10,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const inner = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "0.5rem", minHeight: "4rem" });
export const actions = style({ display: "flex", alignItems: "center", gap: "0.4rem", flexShrink: 0 });
export const login = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "0 0.9rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: "#fff",
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
});
export const skip = style({
  position: "absolute",
  left: "-999px",
  top: "0.5rem",
  padding: "0.5rem 1rem",
  background: vars.color.surface,
  color: vars.color.text,
  zIndex: 20,
  selectors: { "&:focus": { left: "0.5rem" } },
});
