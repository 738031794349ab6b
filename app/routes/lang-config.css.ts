import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const page = style({ maxWidth: "32rem", margin: "0 auto", padding: "3rem 1rem", flex: 1 });
export const list = style({ display: "grid", gap: "0.75rem" });
export const choice = style({
  minHeight: "48px",
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.primaryStrong } },
});
export const hint = style({ marginTop: "1.5rem", color: vars.color.textMuted });
