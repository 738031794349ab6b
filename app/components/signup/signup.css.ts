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
export const dialogTitle = style({ margin: "0 2.5rem 1rem 0", fontSize: "1.4rem", lineHeight: 1.25 });

/** "I am a … looking for a …": the first question, as rows of large choice pills. */
export const lookingFor = style({
  display: "grid",
  gap: "0.9rem",
  padding: "1rem",
  borderRadius: vars.radius.large,
  background: vars.color.surfaceMuted,
});
export const choiceGroup = style({ display: "grid", gap: "0.45rem", margin: 0, padding: 0, border: 0, minWidth: 0 });
export const choiceLegend = style({ padding: 0, fontWeight: 700 });
export const pills = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem" });
export const pill = style({
  position: "relative",
  flex: "1 1 0",
  // A row with one choice (the gay brand's "man") stays a choice, not a full-width button.
  maxWidth: "12rem",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "5.5rem",
  minHeight: "48px",
  padding: "0 0.9rem",
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  userSelect: "none",
  selectors: {
    "&:has(input:checked)": { borderColor: vars.color.primaryStrong, background: vars.color.primaryStrong, color: "#fff" },
    "&:has(input:focus-visible)": { outline: `3px solid ${vars.color.text}`, outlineOffset: "2px" },
    "&:has(input:disabled)": { opacity: 0.45, cursor: "not-allowed", textDecoration: "line-through" },
  },
});
/** The radio itself stays in the page for keyboards and screen readers; the pill shows its state. */
export const pillInput = style({ position: "absolute", inset: 0, width: "100%", height: "100%", margin: 0, opacity: 0, cursor: "inherit" });

/** The optional signup message, folded away below what a signup needs. */
export const optionalMessage = style({ display: "grid", gap: "0.5rem" });
export const optionalSummary = style({ color: vars.color.link, fontWeight: 600, cursor: "pointer", minHeight: "44px", display: "flex", alignItems: "center" });
