import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

/** The box and its sentence as one tappable row, at least 48 px high for a thumb. */
export const box = style({
  display: "flex",
  alignItems: "flex-start",
  gap: "0.75rem",
  minHeight: "48px",
  padding: "0.65rem 0.9rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primaryStrong, borderWidth: "2px" } },
});
export const invalid = style({ borderColor: vars.color.danger, borderWidth: "2px" });
export const control = style({ width: "1.25rem", height: "1.25rem", margin: "0.1rem 0 0", flex: "none", accentColor: vars.color.primaryStrong });
globalStyle(`${box} input:focus-visible`, { outline: `3px solid ${vars.color.text}`, outlineOffset: "2px" });
export const wording = style({ display: "grid", gap: "0.25rem", overflowWrap: "anywhere" });
export const hint = style({ color: vars.color.textMuted, fontSize: "0.9rem" });
