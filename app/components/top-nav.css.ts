import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const bar = style({
  position: "sticky",
  top: 0,
  zIndex: 10,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.small,
});
export const inner = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "0.5rem", minHeight: "4rem" });
export const brand = style({ display: "flex", alignItems: "center", gap: "0.25rem", flexShrink: 0 });
export const actions = style({ display: "flex", alignItems: "center", gap: "0.3rem", flexShrink: 0, "@media": { [media.sm]: { gap: "0.4rem" } } });
const headerButton = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  // Compact on a phone, where Join and Log in share the bar with the brand name.
  padding: "0 0.6rem",
  fontSize: "0.9rem",
  "@media": { [media.sm]: { padding: "0 0.9rem", fontSize: "1rem" } },
  borderRadius: vars.radius.button,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
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
// Joining is the visitor's main way in, on a phone too: the filled button; logging in the outlined one.
export const signup = headerButton;
export const login = style([
  headerButton,
  {
    background: vars.color.surface,
    color: vars.color.primaryStrong,
    boxShadow: `inset 0 0 0 2px ${vars.color.primaryStrong}`,
  },
]);

export const menu = style({ position: "relative" });
export const menuButton = style({
  display: "flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "0 0.9rem",
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.border}`,
  cursor: "pointer",
  fontWeight: 600,
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" }, "&::after": { content: '"▾"', marginLeft: "0.4rem" } },
});
export const menuName = style({ maxWidth: "8rem", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const menuList = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 0.25rem)",
  minWidth: "12rem",
  margin: 0,
  padding: "0.4rem 0",
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.large,
});
export const menuItem = style({
  display: "block",
  width: "100%",
  padding: "0.7rem 1rem",
  border: 0,
  background: "none",
  color: vars.color.text,
  font: "inherit",
  textAlign: "left",
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surfaceMuted } },
});
