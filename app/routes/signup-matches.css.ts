import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const page = style({ flex: 1, width: "100%", maxWidth: "60rem", margin: "0 auto", padding: "2rem 1rem 3rem" });
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "0.75rem",
  margin: "0 0 1.5rem",
  padding: 0,
  listStyle: "none",
  "@media": { [media.md]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});
export const card = style({
  display: "grid",
  justifyItems: "center",
  gap: "0.35rem",
  padding: "1rem 0.5rem",
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  textAlign: "center",
});
export const initial = style({
  width: "4rem",
  height: "4rem",
  borderRadius: "50%",
  display: "grid",
  placeItems: "center",
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  fontSize: "1.6rem",
  fontWeight: 700,
});
export const name = style({ fontWeight: 700, color: vars.color.link, overflowWrap: "anywhere" });
export const details = style({ color: vars.color.textMuted, fontSize: "0.9rem" });
