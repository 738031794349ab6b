import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "0.75rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": {
    [media.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "1rem" },
    [media.lg]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

export const card = style({
  position: "relative",
  display: "grid",
  borderRadius: vars.radius.medium,
  overflow: "hidden",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  transition: "box-shadow 120ms ease, transform 120ms ease",
  selectors: { "&:hover, &:focus-within": { boxShadow: "0 6px 18px rgba(0,0,0,0.12)", transform: "translateY(-1px)" } },
});

export const photo = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover", background: vars.color.surfaceMuted });

export const placeholder = style([
  photo,
  {
    display: "grid",
    placeItems: "center",
    background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
    color: vars.color.onHero,
    fontSize: "2.5rem",
    fontWeight: 700,
  },
]);

export const body = style({ display: "grid", gap: "0.15rem", padding: "0.6rem 0.75rem 0.75rem" });

export const name = style({
  fontWeight: 700,
  color: vars.color.text,
  textDecoration: "none",
  overflowWrap: "anywhere",
  // The whole card is the link's target area.
  selectors: { "&::after": { content: "''", position: "absolute", inset: 0 } },
});

export const details = style({ color: vars.color.textMuted, fontSize: "0.9rem", overflowWrap: "anywhere" });

export const fictional = style({
  position: "absolute",
  top: "0.5rem",
  right: "0.5rem",
  padding: "0.1rem 0.45rem",
  borderRadius: vars.radius.pill,
  background: "rgba(0,0,0,0.65)",
  color: "#fff",
  fontSize: "0.8rem",
  fontWeight: 600,
});
