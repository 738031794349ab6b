import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const menu = style({ position: "relative" });
export const trigger = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "0.35rem",
  minWidth: "44px",
  minHeight: "44px",
  padding: "0 0.6rem",
  borderRadius: vars.radius.button,
  color: vars.color.text,
  fontWeight: 700,
  fontSize: "0.9rem",
  letterSpacing: "0.04em",
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&:hover": { background: vars.color.surfaceMuted },
    [`${menu}[open] > &`]: { background: vars.color.surfaceMuted },
  },
});
export const globe = style({ fill: "none", stroke: "currentColor", strokeWidth: 1.6, flexShrink: 0 });
// The globe alone on phones; the code from the first breakpoint.
export const code = style({ display: "none", "@media": { [media.sm]: { display: "inline" } } });
export const panel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 0.4rem)",
  zIndex: 30,
  minWidth: "12.5rem",
  padding: "0.4rem",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.large,
});
export const list = style({ margin: 0, padding: 0, listStyle: "none", display: "grid", gap: "2px" });
export const choice = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "1rem",
  width: "100%",
  minHeight: "44px",
  padding: "0 0.85rem",
  border: 0,
  borderRadius: vars.radius.small,
  background: "none",
  color: vars.color.text,
  font: "inherit",
  textAlign: "start",
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted },
    '&[aria-current="true"]': { color: vars.color.primaryStrong, fontWeight: 700 },
    '&[aria-current="true"]::after': { content: '"✓"' },
  },
});
