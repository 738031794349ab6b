import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

/** The paywall's top: the brand's gradient, the promise, and the §9 claim. */
export const hero = style({
  display: "grid",
  gap: "0.75rem",
  padding: "1.75rem 1.25rem",
  borderRadius: vars.radius.large,
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  "@media": { [media.md]: { padding: "2.75rem 2.5rem" } },
});
export const eyebrow = style({ margin: 0, fontSize: "0.85rem", fontWeight: 800, letterSpacing: "0.1em", textTransform: "uppercase" });
export const title = style({ margin: 0, fontSize: "2rem", "@media": { [media.md]: { fontSize: "2.8rem" } } });
export const claim = style({ margin: 0, fontSize: "1.15rem", fontWeight: 600, maxWidth: "36rem", "@media": { [media.md]: { fontSize: "1.3rem" } } });
export const claimFigure = style({ fontSize: "1.6em", fontWeight: 800 });
export const status = style({
  justifySelf: "start",
  margin: "0.25rem 0 0",
  padding: "0.5rem 1rem",
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.onHero}`,
  fontWeight: 700,
});

export const benefits = style({
  display: "grid",
  gap: "0.75rem",
  margin: "1.5rem 0 0",
  padding: 0,
  listStyle: "none",
  "@media": { [media.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "1rem" } },
});
export const benefit = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  alignContent: "start",
  gap: "0.15rem 0.85rem",
  padding: "1rem 1.1rem",
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const benefitIcon = style({
  gridRow: "span 2",
  display: "grid",
  placeItems: "center",
  width: "2.5rem",
  height: "2.5rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.primaryStrong,
});
export const benefitTitle = style({ margin: 0, fontSize: "1.05rem", fontWeight: 700 });
export const benefitText = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.95rem" });
export const heroAction = style({
  justifySelf: "start",
  display: "inline-flex",
  alignItems: "center",
  minHeight: "48px",
  marginTop: "0.5rem",
  padding: "0 1.6rem",
  borderRadius: vars.radius.pill,
  // The hero's own text colour as the button, its strong brand colour as the label: readable on every theme's gradient.
  background: vars.color.onHero,
  color: vars.color.primaryStrong,
  fontWeight: 800,
  textDecoration: "none",
});
