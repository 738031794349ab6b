import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

/** The test checkout looks like no screen of the brand: a plain page that cannot be taken for a real bank. */
export const page = style({
  minHeight: "100vh",
  background: `repeating-linear-gradient(135deg, ${vars.color.surfaceMuted} 0 18px, ${vars.color.background} 18px 36px)`,
  padding: "1.5rem 1rem 3rem",
});
export const card = style({
  maxWidth: "30rem",
  margin: "0 auto",
  padding: "1.25rem",
  borderRadius: vars.radius.medium,
  border: `3px dashed ${vars.color.warning}`,
  background: vars.color.surface,
  color: vars.color.text,
});
export const badge = style({
  display: "inline-block",
  padding: "0.2rem 0.6rem",
  borderRadius: vars.radius.small,
  background: vars.color.warning,
  color: vars.color.surface,
  fontWeight: 800,
  letterSpacing: "0.08em",
});
export const heading = style({ margin: "0.75rem 0 0.5rem", fontSize: "1.5rem" });
export const intro = style({ margin: "0 0 1rem", color: vars.color.textMuted });
export const facts = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "0.4rem 1rem", margin: "0 0 1.25rem" });
export const term = style({ fontWeight: 600, color: vars.color.textMuted });
export const value = style({ margin: 0, fontWeight: 600, overflowWrap: "anywhere" });
export const amount = style({ margin: 0, fontSize: "1.4rem", fontWeight: 800 });
export const outcomes = style({ display: "grid", gap: "0.6rem", margin: 0, padding: 0, border: 0 });
export const legend = style({ marginBottom: "0.5rem", fontWeight: 700 });
export const outcome = style({
  minHeight: "48px",
  padding: "0.5rem 1rem",
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontWeight: 600,
  textAlign: "left",
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.primary } },
});
export const paid = style([outcome, { borderColor: vars.color.success }]);
export const problem = style({ margin: "0 0 1rem", color: vars.color.danger, fontWeight: 600 });
export const back = style({ color: vars.color.link, fontWeight: 600 });
