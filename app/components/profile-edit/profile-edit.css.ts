import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";
import { focusRing } from "../../styles/focus-ring";

export const fieldset = style({ display: "grid", gap: "0.9rem", margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: "0.5rem", fontSize: "1.15rem", fontWeight: 700 });
export const columns = style({ display: "grid", gap: "0.9rem", "@media": { [media.sm]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } } });
export const locate = style({ display: "grid", gap: "0.4rem", justifyItems: "start" });

export const toggles = style({ display: "flex", flexWrap: "wrap", gap: "0.45rem" });
export const toggle = style({ position: "relative" });
export const toggleInput = style({ position: "absolute", opacity: 0, width: 1, height: 1, pointerEvents: "none" });
export const toggleLabel = style({
  display: "inline-block",
  padding: "0.35rem 0.8rem",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: "pointer",
  userSelect: "none",
  selectors: {
    [`${toggleInput}:checked + &`]: { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary },
    [`${toggleInput}:focus-visible + &`]: focusRing,
  },
});

export const photos = style({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "0.75rem", margin: 0, padding: 0, listStyle: "none", "@media": { [media.sm]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } } });
export const photo = style({ position: "relative", display: "grid", gap: "0.4rem", alignContent: "start" });
export const photoImage = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover", borderRadius: vars.radius.medium });
export const badge = style({
  position: "absolute",
  top: "0.4rem",
  left: "0.4rem",
  padding: "0.1rem 0.5rem",
  borderRadius: vars.radius.pill,
  background: "rgba(0,0,0,0.72)",
  color: "#fff",
  fontSize: "0.8rem",
  fontWeight: 600,
});
export const photoActions = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem 0.75rem" });
export const upload = style({ display: "grid", gap: "0.6rem", justifyItems: "start" });
export const fileInput = style({ maxWidth: "100%" });
