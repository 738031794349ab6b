import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

/**
 * Results first: on a phone the title, the Filters button and the member grid; from 992 px the
 * filters stand beside the results as a panel.
 */
export const page = style({
  flex: 1,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  alignContent: "start",
  gap: "1rem",
  width: "100%",
  maxWidth: "72rem",
  margin: "0 auto",
  padding: "1.25rem 1rem 3rem",
  "@media": {
    [media.lg]: {
      gridTemplateColumns: "17rem minmax(0, 1fr)",
      gridTemplateAreas: '"panel top" "panel results"',
      gridTemplateRows: "auto 1fr",
      columnGap: "2rem",
      padding: "2rem 1rem 3rem",
    },
  },
});
export const top = style({ display: "grid", gap: "0.9rem", "@media": { [media.lg]: { gridArea: "top" } } });
export const header = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "0.75rem" });
export const titles = style({ display: "grid", gap: "0.15rem", minWidth: 0 });
export const heading = style({ margin: 0, fontSize: "1.4rem", lineHeight: 1.2, "@media": { [media.lg]: { fontSize: "1.8rem" } } });
export const count = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.95rem" });
export const panel = style({ "@media": { [media.lg]: { gridArea: "panel", alignSelf: "start" } } });
export const results = style({ minWidth: 0, "@media": { [media.lg]: { gridArea: "results" } } });
// Beside the panel the cards would be narrow in four columns until the widest screens.
globalStyle(`${results} > ul`, { "@media": { [media.lg]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" }, [media.xl]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } } });

export const pager = style({ display: "flex", alignItems: "center", justifyContent: "center", gap: "1rem", marginTop: "1.5rem" });
export const pageNumber = style({ color: vars.color.textMuted });
export const empty = style({ display: "grid", justifyItems: "center", gap: "1rem", padding: "2.5rem 1rem", textAlign: "center", color: vars.color.textMuted });
export const emptyText = style({ margin: 0, maxWidth: "28rem" });
export const gatePage = style({ flex: 1, width: "100%", padding: "1.5rem 1rem 3rem" });
export const gate = style({ maxWidth: "32rem", margin: "2rem auto", display: "grid", gap: "1rem", textAlign: "center" });
export const gateActions = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0.75rem" });
export const fictional = style({ margin: "0 0 1rem", color: vars.color.textMuted, fontSize: "0.9rem" });
