import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes";

export const steps = style({ display: "grid", gap: "0.6rem", margin: "0 0 1.25rem", padding: 0, listStyle: "none" });
export const step = style({ display: "flex", alignItems: "center", gap: "0.6rem" });

const spin = keyframes({ to: { transform: "rotate(360deg)" } });
const marker = style({ flexShrink: 0, width: "1.5rem", height: "1.5rem", borderRadius: "50%", display: "grid", placeItems: "center", fontSize: "0.9rem" });
export const stepMarker = styleVariants({
  pending: [marker, { border: `2px solid ${vars.color.border}` }],
  active: [
    marker,
    {
      border: `3px solid ${vars.color.border}`,
      borderTopColor: vars.color.primaryStrong,
      animation: `${spin} 0.8s linear infinite`,
      "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
    },
  ],
  done: [marker, { background: vars.color.success, color: vars.color.surface, fontWeight: 700 }],
});
export const memberId = style({
  margin: "0 0 1rem",
  padding: "0.75rem 1rem",
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  fontWeight: 600,
});

export const backdrop = style({
  position: "fixed",
  inset: 0,
  zIndex: 40,
  display: "grid",
  placeItems: "center",
  padding: "1rem",
  background: "rgba(10, 10, 20, 0.6)",
  overflowY: "auto",
});
export const dialog = style({
  position: "relative",
  width: "100%",
  maxWidth: "30rem",
  padding: "1.75rem 1.5rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: "0 1rem 3rem rgba(0, 0, 0, 0.3)",
});
export const close = style({
  position: "absolute",
  top: "0.5rem",
  right: "0.5rem",
  width: "44px",
  height: "44px",
  border: 0,
  borderRadius: "50%",
  background: "transparent",
  color: vars.color.text,
  fontSize: "1.5rem",
  cursor: "pointer",
});
