import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

// Never shrinks: the bar gives way around the brand name (the language menu folds to its icon).
export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.45rem",
  flexShrink: 0,
  textDecoration: "none",
  color: vars.color.text,
  minHeight: "44px",
});
export const mark = style({ flexShrink: 0 });
export const markShape = style({ fill: vars.color.primary });
export const markAccent = style({ fill: vars.color.secondary });
export const name = style({
  fontFamily: vars.font.heading,
  fontWeight: vars.font.headingWeight,
  letterSpacing: vars.font.headingTracking,
  fontSize: "1.3rem",
  lineHeight: 1,
  whiteSpace: "nowrap",
  "@media": { [media.sm]: { fontSize: "1.5rem" } },
});
export const tail = style({ color: vars.color.primaryStrong });
