import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const page = style({ flex: 1, width: "100%", maxWidth: "72rem", margin: "0 auto", padding: "1.5rem 1rem 3rem" });
export const header = style({ display: "grid", gap: "0.5rem", marginBottom: "1.25rem", maxWidth: "48rem" });
export const heading = style({ margin: 0, fontSize: "1.6rem" });
export const intro = style({ margin: 0, color: vars.color.textMuted });

export const hint = style({
  margin: 0,
  padding: "0.75rem 1rem",
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  borderLeft: `4px solid ${vars.color.primary}`,
});
export const hintLink = style({ color: vars.color.link, fontWeight: 600, whiteSpace: "nowrap" });

export const fictional = style({ margin: "0 0 1rem", color: vars.color.textMuted, fontSize: "0.9rem" });
export const empty = style({ display: "grid", justifyItems: "center", gap: "1rem", padding: "2rem 1rem", textAlign: "center", color: vars.color.textMuted });
