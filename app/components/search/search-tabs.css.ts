import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

export const tabs = style({
  display: "flex",
  gap: "0.25rem",
  padding: "0.25rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  "@media": { [media.sm]: { width: "fit-content" } },
});

export const tab = style({
  flex: 1,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "0.4rem",
  minHeight: "44px",
  // Three tabs share a 360 px phone: narrow padding, and a long label may take two lines there.
  padding: "0.2rem 0.5rem",
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: "0.9rem",
  lineHeight: 1.15,
  textAlign: "center",
  textDecoration: "none",
  "@media": { [media.sm]: { padding: "0 1.1rem", fontSize: "1rem", whiteSpace: "nowrap" } },
  selectors: {
    "&:hover": { background: vars.color.surface },
    '&[aria-current="page"]': { background: vars.color.surface, color: vars.color.primaryStrong, boxShadow: "0 1px 4px rgba(0,0,0,0.12)" },
  },
});
