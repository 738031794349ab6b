import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { focusRing } from "../styles/focus-ring";

/** The narrow, centred column of the account screens. */
export const page = style({ flex: 1, width: "100%", maxWidth: "28rem", margin: "0 auto", padding: "2rem 1rem 3rem" });
export const heading = style({ margin: "0 0 0.5rem", fontSize: "1.6rem" });
export const lead = style({ margin: "0 0 1.5rem", color: vars.color.textMuted, overflowWrap: "anywhere" });
export const form = style({ display: "grid", gap: "1rem" });
export const field = style({ display: "grid", gap: "0.35rem" });
export const label = style({ fontWeight: 600 });
export const optional = style({ fontWeight: 400, color: vars.color.textMuted });

export const input = style({
  width: "100%",
  minHeight: "48px",
  padding: "0.6rem 0.75rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: "2px" },
    "&:focus-visible": focusRing,
  },
});
export const textarea = style([input, { minHeight: "5.5rem", resize: "vertical" }]);

export const errors = style({ margin: 0, padding: 0, listStyle: "none", color: vars.color.danger, fontSize: "0.95rem", fontWeight: 600 });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.9rem" });
export const notice = style({
  margin: 0,
  padding: "0.75rem 1rem",
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});
export const alert = style([notice, { borderColor: vars.color.danger, color: vars.color.danger, fontWeight: 600 }]);
export const success = style([notice, { borderColor: vars.color.success }]);

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "48px",
  padding: "0 1.25rem",
  border: 0,
  borderRadius: vars.radius.button,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  boxShadow: vars.shadow.small,
  font: "inherit",
  fontWeight: 700,
  letterSpacing: "0.01em",
  textDecoration: "none",
  cursor: "pointer",
  transition: "transform 120ms ease, box-shadow 120ms ease",
  selectors: {
    "&:hover:not(:disabled)": { transform: "translateY(-1px)", boxShadow: vars.shadow.medium },
    "&:disabled": { opacity: 0.6, cursor: "progress" },
  },
});
export const secondaryButton = style([
  button,
  { background: vars.color.surface, color: vars.color.text, border: `2px solid ${vars.color.border}` },
]);
export const linkButton = style({
  padding: 0,
  border: 0,
  background: "none",
  color: vars.color.link,
  font: "inherit",
  fontWeight: 600,
  textDecoration: "underline",
  cursor: "pointer",
});
export const links = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: "0.75rem", marginTop: "1.25rem" });
export const link = style({ color: vars.color.link, fontWeight: 600 });
/** Bots fill it; people never see it. */
export const honeypot = style({ display: "none" });
