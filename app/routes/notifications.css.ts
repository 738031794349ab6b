import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

/** One column of cards, narrower than settings: the switches read best close to their names. */
export const sections = style({ display: "grid", gap: "1.25rem", maxWidth: "46rem", minWidth: 0 });

export const group = style({ display: "grid", gap: "0.25rem", margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: "0.25rem", fontSize: "1.05rem", fontWeight: 700, fontFamily: vars.font.heading });

/** A kind: its name and what it is on top on phones, the two switches beside it from md. */
export const kind = style({
  display: "grid",
  gap: "0.6rem",
  padding: "0.75rem 0",
  borderTop: `1px solid ${vars.color.border}`,
  "@media": { [media.md]: { gridTemplateColumns: "minmax(0, 1fr) auto", alignItems: "center", gap: "1rem" } },
});
export const kindText = style({ display: "grid", gap: "0.2rem", minWidth: 0 });
export const kindTitle = style({ fontWeight: 700 });
export const kindHint = style({ color: vars.color.textMuted, fontSize: "0.95rem", overflowWrap: "anywhere" });

export const switches = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem" });
export const switchLabel = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.5rem",
  minHeight: "44px",
  minWidth: "7.5rem",
  padding: "0.4rem 0.85rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: "pointer",
  fontWeight: 600,
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primaryStrong, background: vars.color.surfaceMuted } },
});
export const switchControl = style({ width: "1.25rem", height: "1.25rem", margin: 0, flex: "none", accentColor: vars.color.primaryStrong });
globalStyle(`${switchLabel} input:focus-visible`, { outline: `3px solid ${vars.color.text}`, outlineOffset: "2px" });

export const groups = style({ display: "grid", gap: "1.5rem" });
