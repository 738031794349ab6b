import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.5rem",
  minHeight: "44px",
  padding: "0 0.9rem 0 0.8rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontWeight: 600,
  whiteSpace: "nowrap",
  cursor: "pointer",
  boxShadow: "0 1px 3px rgba(0,0,0,0.08)",
  selectors: { "&:hover": { background: vars.color.surfaceMuted } },
  // Beside the results the filters are always in view.
  "@media": { [media.lg]: { display: "none" } },
});

globalStyle(`${button} svg`, { flexShrink: 0 });

export const count = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: "1.4rem",
  height: "1.4rem",
  padding: "0 0.35rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: "#fff",
  fontSize: "0.8rem",
  fontWeight: 700,
  lineHeight: 1,
});

const slideUp = keyframes({ from: { transform: "translateY(100%)" }, to: { transform: "translateY(0)" } });

export const sheet = style({
  boxSizing: "border-box",
  inset: "auto 0 0",
  width: "100%",
  maxWidth: "100%",
  maxHeight: "88dvh",
  margin: 0,
  padding: "0 1rem calc(1rem + env(safe-area-inset-bottom))",
  border: "none",
  borderRadius: `${vars.radius.large} ${vars.radius.large} 0 0`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: "0 -12px 40px rgba(0,0,0,0.25)",
  overflowY: "auto",
  overscrollBehavior: "contain",
  selectors: {
    "&::backdrop": { background: "rgba(10, 16, 24, 0.6)" },
    "&[open]": { animation: `${slideUp} 200ms ease-out` },
  },
  "@media": {
    "(prefers-reduced-motion: reduce)": { selectors: { "&[open]": { animation: "none" } } },
    // A panel beside the results: shown whether or not the dialog is open, never modal.
    [media.lg]: {
      display: "block",
      position: "sticky",
      top: "5rem",
      inset: "auto",
      width: "auto",
      maxHeight: "none",
      padding: "0.25rem 1.25rem 1.25rem",
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.large,
      boxShadow: "0 4px 18px rgba(0,0,0,0.06)",
      overflow: "visible",
    },
  },
});

// The page behind the open sheet stays where it is.
globalStyle(`html:has(${sheet}:modal)`, { overflow: "hidden" });

export const head = style({
  position: "sticky",
  top: 0,
  zIndex: 1,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "0.5rem",
  padding: "0.75rem 0 0.5rem",
  marginBottom: "0.5rem",
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [media.lg]: { position: "static", padding: "0.75rem 0", borderBottom: "none", marginBottom: 0 } },
});

export const title = style({ margin: 0, fontSize: "1.15rem" });

export const close = style({
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  marginRight: "-0.5rem",
  border: "none",
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.text,
  fontSize: "1.6rem",
  lineHeight: 1,
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surfaceMuted } },
  "@media": { [media.lg]: { display: "none" } },
});
