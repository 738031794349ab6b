import { style } from "@vanilla-extract/css";
import { colour } from "../styles/ui.css";

/** The photo beside its member and the decision, side by side on a desk, one above the other on a tablet. */
export const desk = style({
  display: "grid",
  gap: "1rem",
  gridTemplateColumns: "minmax(0, 1fr) minmax(18rem, 24rem)",
  alignItems: "start",
  "@media": { "screen and (max-width: 1100px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const stage = style({
  display: "grid",
  placeItems: "center",
  background: "#1d2330",
  borderRadius: "10px",
  padding: "0.75rem",
  minHeight: "20rem",
});

/** As large as fits: the whole photo, never cropped, a moderator must see every corner. */
export const photo = style({
  display: "block",
  maxWidth: "100%",
  maxHeight: "min(72vh, 52rem)",
  width: "auto",
  height: "auto",
  objectFit: "contain",
  background: "#2b3242",
});

export const side = style({ display: "grid", gap: "1rem" });

export const decisions = style({ display: "grid", gap: "1rem" });

export const keys = style({ margin: 0, paddingInlineStart: "1.1rem", color: colour.muted, fontSize: "0.9rem" });

export const kbd = style({
  display: "inline-block",
  minWidth: "1.5em",
  padding: "0 0.35em",
  border: `1px solid ${colour.line}`,
  borderBottomWidth: "2px",
  borderRadius: "4px",
  background: colour.surface,
  color: colour.text,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: "0.85em",
  textAlign: "center",
});

export const buttonRow = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center" });

export const empty = style({ display: "grid", gap: "0.5rem", justifyItems: "start" });
