import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const page = style({ flex: 1, width: "100%", maxWidth: "72rem", margin: "0 auto", padding: "1.5rem 1rem 3rem" });
export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: "0.5rem", marginBottom: "1rem" });
export const heading = style({ margin: 0, fontSize: "1.6rem" });
export const count = style({ margin: 0, color: vars.color.textMuted });

export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "0.75rem",
  alignItems: "end",
  padding: "1rem",
  marginBottom: "1.25rem",
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceMuted,
  "@media": { [media.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" }, [media.lg]: { gridTemplateColumns: "1.2fr 0.7fr 0.7fr 1.2fr 1.6fr auto" } },
});
export const wide = style({ gridColumn: "1 / -1", "@media": { [media.lg]: { gridColumn: "auto" } } });
export const filterField = style({ display: "grid", gap: "0.3rem", minWidth: 0 });
export const filterLabel = style({ fontWeight: 600, fontSize: "0.9rem" });

export const pager = style({ display: "flex", alignItems: "center", justifyContent: "center", gap: "1rem", marginTop: "1.5rem" });
export const pageNumber = style({ color: vars.color.textMuted });
export const empty = style({ padding: "2rem 1rem", textAlign: "center", color: vars.color.textMuted });
export const gate = style({ maxWidth: "32rem", margin: "2rem auto", display: "grid", gap: "1rem", textAlign: "center" });
export const gateActions = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0.75rem" });
export const fictional = style({ margin: "0 0 1rem", color: vars.color.textMuted, fontSize: "0.9rem" });
