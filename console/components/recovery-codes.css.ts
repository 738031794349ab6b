import { style } from "@vanilla-extract/css";

export const list = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, max-content)",
  gap: "0.35rem 1.5rem",
  margin: 0,
  padding: "0.75rem 1rem",
  listStyle: "none",
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: "1rem",
  background: "#fafbfc",
  border: "1px solid #d9dde5",
  borderRadius: "8px",
});
