import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

/** A list with nothing in it yet (likes tabs, conversations): a title, a line, and a way on. */
export const emptyState = style({
  display: "grid",
  justifyItems: "center",
  gap: "0.75rem",
  padding: "2.5rem 1rem",
  textAlign: "center",
  color: vars.color.textMuted,
});
export const emptyStateTitle = style({ margin: 0, color: vars.color.text, fontSize: "1.2rem" });
