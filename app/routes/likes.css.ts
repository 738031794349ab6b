import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const page = style({ flex: 1, width: "100%", maxWidth: "72rem", margin: "0 auto", padding: "1.5rem 1rem 3rem" });
export const heading = style({ margin: "0 0 1rem", fontSize: "1.6rem" });

export const tabs = style({
  display: "flex",
  gap: "0.25rem",
  margin: "0 0 1.25rem",
  padding: "0.25rem",
  listStyle: "none",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  overflowX: "auto",
});
export const tabItem = style({ flex: "1 1 0", minWidth: 0 });
// On a phone the count goes under the label, so three tabs fit 360 px in any language.
export const tab = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: "0.3rem 0.5rem",
  lineHeight: 1.2,
  "@media": { [media.sm]: { flexDirection: "row", gap: "0.35rem", padding: "0 0.75rem" } },
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    '&[aria-current="page"]': { background: vars.color.surface, color: vars.color.primaryStrong, boxShadow: "0 1px 4px rgba(0,0,0,0.12)" },
    "&:hover, &:focus-visible": { color: vars.color.primaryStrong },
  },
});
export const tabCount = style({ color: vars.color.textMuted, fontWeight: 400, fontSize: "0.85rem" });

export const pager = style({ display: "flex", justifyContent: "center", gap: "1.5rem", marginTop: "1.5rem" });
