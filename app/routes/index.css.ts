import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  padding: "3rem 0 3.5rem",
  "@media": { [media.md]: { padding: "5rem 0 5.5rem" } },
});
export const heroInner = style({ maxWidth: "52rem" });
export const eyebrow = style({ textTransform: "uppercase", letterSpacing: "0.08em", fontSize: "0.85rem", fontWeight: 700, margin: "0 0 0.75rem" });
export const heroTitle = style({ fontSize: "2.1rem", "@media": { [media.md]: { fontSize: "3.2rem" } } });
export const lead = style({ fontSize: "1.15rem", maxWidth: "38rem" });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem", marginTop: "1.5rem" });

const action = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "48px",
  padding: "0 1.6rem",
  borderRadius: vars.radius.pill,
  fontWeight: 700,
  textDecoration: "none",
} as const;

export const primaryAction = style({ ...action, background: vars.color.secondary, color: vars.color.onSecondary });
export const secondaryAction = style({ ...action, border: "2px solid currentColor", color: vars.color.onHero });
export const bonus = style({ marginTop: "1rem", fontWeight: 600 });

export const section = style({ paddingBlock: "3rem" });
export const sectionTitle = style({ fontSize: "1.6rem", marginBottom: "1.5rem", "@media": { [media.md]: { fontSize: "2rem" } } });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  padding: "1.5rem",
});
export const stepsBand = style({ background: vars.color.surfaceMuted });
export const steps = style({ listStyle: "none", margin: 0, padding: 0 });
export const step = style({ position: "relative" });
export const stepNumber = style({
  display: "inline-grid",
  placeItems: "center",
  width: "2.5rem",
  height: "2.5rem",
  marginBottom: "0.75rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: "#fff",
  fontWeight: 800,
});
export const closing = style({ marginTop: "1.5rem", marginBottom: 0 });
