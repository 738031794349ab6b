import { style } from "@vanilla-extract/css";
import { colour } from "../styles/ui.css";

export const tabs = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem", borderBottom: `1px solid ${colour.line}` });

export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.4rem",
  padding: "0.5rem 0.9rem",
  color: colour.text,
  textDecoration: "none",
  borderBottom: "3px solid transparent",
  marginBottom: "-1px",
  selectors: {
    "&:hover": { background: colour.surface },
    "&[aria-current='page']": { borderBottomColor: colour.accent, fontWeight: 600, color: colour.accent },
  },
});

export const section = style({ display: "grid", gap: "0.6rem" });

export const nowrap = style({ whiteSpace: "nowrap" });
export const wrap = style({ overflowWrap: "anywhere" });
export const message = style({ minWidth: "14rem", overflowWrap: "anywhere" });
