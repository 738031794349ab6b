import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

export const meter = style({
  display: "grid",
  gap: "0.75rem",
  padding: "1.25rem",
  borderRadius: vars.radius.large,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const head = style({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: "0.75rem" });
export const title = style({ margin: 0, fontSize: "1.1rem" });
export const percent = style({ fontSize: "1.5rem", fontWeight: 800, color: vars.color.text });
export const track = style({ height: "0.6rem", borderRadius: vars.radius.pill, background: vars.color.surfaceMuted, overflow: "hidden" });
export const fill = style({ height: "100%", borderRadius: vars.radius.pill, background: vars.color.primaryStrong, transition: "width 0.4s ease" });
export const next = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "0.5rem 1rem" });
export const nextText = style({ margin: 0, flex: "1 1 16rem" });
export const steps = style({ display: "flex", flexWrap: "wrap", gap: "0.4rem", margin: 0, padding: 0, listStyle: "none" });
export const step = style({
  padding: "0.2rem 0.65rem",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: "0.85rem",
});
export const stepDone = style([step, { borderColor: vars.color.success, color: vars.color.text }]);
