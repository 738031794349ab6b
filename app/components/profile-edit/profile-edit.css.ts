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

export const interestGroup = style({ display: "grid", gap: "0.5rem" });
export const groupTitle = style({ margin: 0, fontSize: "0.95rem", fontWeight: 700, color: vars.color.textMuted, textTransform: "uppercase", letterSpacing: "0.04em" });
export const fieldError = style({ margin: 0, color: vars.color.danger, fontWeight: 600, fontSize: "0.95rem" });
