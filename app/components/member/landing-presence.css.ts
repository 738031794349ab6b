import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes";

// A pill of its own colours: it sits on photos and on the brand's hero colours alike.
const base = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.45rem",
  width: "fit-content",
  padding: "0.3rem 0.75rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: "0.9rem",
  fontWeight: 700,
  boxShadow: vars.shadow.small,
});

// The dot repeats what the words say (never colour alone); as generated content, screen readers skip it.
const dot = (colour: string) => ({ "::before": { content: '""', width: "0.6rem", height: "0.6rem", borderRadius: "50%", background: colour, flex: "none" } });

export const pill = styleVariants({
  online: [base, dot(vars.color.success)],
  recent: [base, dot(vars.color.textMuted)],
});
