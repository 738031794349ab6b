import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

/**
 * Where toasts stack: at the bottom on a phone, above the member tab bar and within thumb reach;
 * from md at the top right, under the top bar. Never wider than 350 px (§9).
 */
export const region = style({
  position: "fixed",
  zIndex: 70,
  left: "0.75rem",
  right: "0.75rem",
  bottom: "calc(4.75rem + env(safe-area-inset-bottom))",
  display: "flex",
  flexDirection: "column-reverse",
  alignItems: "center",
  gap: "0.5rem",
  // The empty region must not catch clicks meant for the page under it.
  pointerEvents: "none",
  "@media": {
    [media.md]: { left: "auto", right: "1.25rem", bottom: "auto", top: "5rem", flexDirection: "column", alignItems: "flex-end" },
  },
});

const slideIn = keyframes({ from: { opacity: 0, transform: "translateY(0.5rem)" }, to: { opacity: 1, transform: "none" } });

export const toast = style({
  pointerEvents: "auto",
  display: "flex",
  alignItems: "flex-start",
  gap: "0.75rem",
  width: "100%",
  maxWidth: "350px",
  padding: "0.85rem 0.6rem 0.85rem 1rem",
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: "6px",
  boxShadow: "0 12px 30px -10px rgba(0, 0, 0, 0.35)",
  "@media": { "(prefers-reduced-motion: no-preference)": { animation: `${slideIn} 180ms ease-out` } },
});

export const tone = styleVariants({
  success: { borderInlineStartColor: vars.color.success },
  info: { borderInlineStartColor: vars.color.primaryStrong },
  danger: { borderInlineStartColor: vars.color.danger },
});

export const text = style({ flex: 1, margin: 0, paddingBlock: "0.2rem", fontWeight: 600, overflowWrap: "anywhere" });

export const close = style({
  flex: "none",
  display: "grid",
  placeItems: "center",
  width: "2.75rem",
  height: "2.75rem",
  margin: "-0.5rem 0",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceMuted, color: vars.color.text } },
});
