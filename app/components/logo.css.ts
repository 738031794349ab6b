import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.5rem",
  textDecoration: "none",
  color: vars.color.text,
  minHeight: "44px",
  minWidth: 0,
});
export const mark = style({ flexShrink: 0 });
export const name = style({
  fontFamily: vars.font.heading,
  fontWeight: 800,
  fontSize: "1.15rem",
  letterSpacing: "-0.01em",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  "@media": { [media.sm]: { fontSize: "1.3rem" } },
});
