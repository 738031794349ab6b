import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";
import { focusRing } from "../../styles/focus-ring";

/** One line under the navigation in the brand's second colour: the offer, the clock, the way to use it. */
export const strip = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "0.35rem 0.75rem",
  marginBlockStart: "0.75rem",
  padding: "0.6rem 0.75rem 0.6rem 0.9rem",
  borderRadius: vars.radius.medium,
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  boxShadow: vars.shadow.small,
  "@media": { [media.md]: { flexWrap: "nowrap", padding: "0.6rem 0.75rem 0.6rem 1.1rem" } },
});
export const icon = style({ flex: "none", width: "1.5rem", height: "1.5rem" });
export const iconLarge = style({ width: "3rem", height: "3rem", color: vars.color.primaryStrong });
export const text = style({ flex: "1 1 12rem", margin: 0, minWidth: 0, lineHeight: 1.35 });
export const detail = style({ fontWeight: 500 });

/** Tabular digits, so the clock does not jitter as it ticks. */
export const countdown = style({
  flex: "none",
  padding: "0.2rem 0.55rem",
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
  fontWeight: 800,
  letterSpacing: "0.04em",
});

/** The popup's clock: the one thing to read at a glance. */
export const countdownLarge = style([
  countdown,
  { padding: "0.35rem 0.9rem", background: vars.color.surfaceMuted, border: `1px solid ${vars.color.border}`, fontSize: "1.6rem" },
]);

export const action = style({
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  marginInlineStart: "auto",
  padding: "0 1rem",
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 700,
  textDecoration: "none",
  selectors: { "&:hover": { boxShadow: vars.shadow.medium }, "&:focus-visible": focusRing },
});

export const popup = style({ display: "grid", justifyItems: "center", gap: "0.75rem" });
export const popupTitle = style({ margin: 0, fontSize: "1.45rem" });
export const popupText = style({ margin: 0, color: vars.color.textMuted });
export const popupAction = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  minHeight: "48px",
  marginBlockStart: "0.25rem",
  borderRadius: vars.radius.button,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  fontWeight: 700,
  textDecoration: "none",
  selectors: { "&:focus-visible": focusRing },
});
