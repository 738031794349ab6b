import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const page = style({ flex: 1, width: "100%", maxWidth: "40rem", margin: "0 auto", padding: "2rem 1rem 3rem" });

/** The steps after activation, in order: the current one stands out, a done one steps back. */
export const steps = style({ display: "grid", gap: "1rem", margin: 0, padding: 0, listStyle: "none" });
const stepBase = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "0.9rem",
  padding: "1.25rem",
  borderRadius: vars.radius.large,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  "@media": { [media.sm]: { padding: "1.5rem", gap: "1.1rem" } },
});
export const step = styleVariants({
  current: [stepBase, { border: `2px solid ${vars.color.primaryStrong}`, boxShadow: "0 0.5rem 1.5rem rgba(0, 0, 0, 0.08)" }],
  next: [stepBase],
  done: [stepBase, { background: vars.color.surfaceMuted }],
});
const markerBase = style({
  display: "grid",
  placeItems: "center",
  width: "2.25rem",
  height: "2.25rem",
  borderRadius: "50%",
  background: vars.color.primaryStrong,
  color: "#fff",
  fontWeight: 700,
});
export const marker = styleVariants({
  current: [markerBase],
  next: [markerBase, { background: vars.color.surfaceMuted, color: vars.color.text, boxShadow: `inset 0 0 0 2px ${vars.color.border}` }],
  done: [markerBase, { background: vars.color.success }],
});
export const body = style({ display: "grid", gap: "0.6rem", justifyItems: "start", minWidth: 0 });
export const title = style({ margin: "0.3rem 0 0", fontSize: "1.2rem" });
export const text = style({ margin: 0, color: vars.color.textMuted });
export const later = style({ marginTop: "1.5rem", textAlign: "center" });

export const upload = style({ display: "grid", gap: "0.75rem", justifyItems: "start", width: "100%" });
/** The photo slot: one large target to tap, with the chosen photo in it. */
export const slot = style({
  position: "relative",
  display: "grid",
  placeItems: "center",
  alignContent: "center",
  gap: "0.4rem",
  width: "10rem",
  height: "12.5rem",
  overflow: "hidden",
  borderRadius: vars.radius.large,
  border: `2px dashed ${vars.color.primaryStrong}`,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&:has(input:focus-visible)": { outline: `3px solid ${vars.color.text}`, outlineOffset: "2px" } },
});
export const plus = style({ fontSize: "2.5rem", lineHeight: 1, color: vars.color.primaryStrong, fontWeight: 300 });
export const slotLabel = style({
  position: "relative",
  zIndex: 1,
  padding: "0.3rem 0.7rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  fontWeight: 600,
  fontSize: "0.9rem",
  textAlign: "center",
});
export const preview = style({ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" });
/** The file input covers the slot, invisible: a tap anywhere on it chooses a photo. */
export const fileInput = style({ position: "absolute", inset: 0, width: "100%", height: "100%", opacity: 0, cursor: "pointer" });
