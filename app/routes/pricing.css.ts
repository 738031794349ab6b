import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const columns = style({ display: "grid", gap: "1.25rem", marginTop: "2.5rem", "@media": { [media.md]: { gridTemplateColumns: "3fr 2fr", alignItems: "start" } } });
export const panel = style({ padding: "1.25rem", borderRadius: vars.radius.large, background: vars.color.surface, border: `1px solid ${vars.color.border}` });
export const panelTitle = style({ margin: "0 0 0.75rem", fontSize: "1.3rem" });
export const costs = style({ margin: 0, display: "grid" });
export const cost = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: "1rem",
  padding: "0.7rem 0",
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
});
export const costLabel = style({ margin: 0 });
export const costValue = style({ margin: 0, fontWeight: 800, fontSize: "1.1rem", whiteSpace: "nowrap" });
export const note = style({ margin: "0.75rem 0 0", color: vars.color.textMuted, fontSize: "0.95rem" });
export const free = style({ margin: "0.75rem 0 0", fontWeight: 600, color: vars.color.success });
