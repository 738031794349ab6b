import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

export const hero = style({
  position: "relative",
  overflow: "hidden",
  background: `radial-gradient(120% 90% at 85% 10%, ${vars.color.heroTo} 0%, transparent 60%), linear-gradient(160deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  paddingTop: "2rem",
  "@media": { [media.lg]: { paddingTop: "3.5rem" } },
});

export const heroGrid = style({
  display: "grid",
  alignItems: "end",
  "@media": { [media.lg]: { gridTemplateColumns: "minmax(0, 1.1fr) minmax(0, 0.9fr)", gap: "2.5rem" } },
});

export const heroCopy = style({ paddingBottom: "1.5rem", "@media": { [media.lg]: { alignSelf: "center", paddingBottom: "3.5rem" } } });

export const eyebrow = style({
  display: "inline-block",
  margin: "0 0 1rem",
  padding: "0.3rem 0.8rem",
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.onHero}`,
  fontSize: "0.85rem",
  fontWeight: 700,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
});

export const heroTitle = style({
  fontSize: "clamp(2.1rem, 1.5rem + 2.6vw, 3.3rem)",
  lineHeight: 1.08,
  letterSpacing: "-0.01em",
  margin: "0 0 1rem",
  textWrap: "balance",
});

export const lead = style({ fontSize: "1.15rem", lineHeight: 1.55, maxWidth: "34rem", margin: 0 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem", marginTop: "1.75rem" });

const action = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "52px",
  padding: "0 1.75rem",
  borderRadius: vars.radius.pill,
  fontSize: "1.05rem",
  fontWeight: 700,
  textDecoration: "none",
  transition: "transform 120ms ease, box-shadow 120ms ease",
} as const;

export const primaryAction = style({
  ...action,
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  boxShadow: "0 8px 24px rgba(0, 0, 0, 0.22)",
  selectors: { "&:hover": { transform: "translateY(-1px)", boxShadow: "0 10px 28px rgba(0, 0, 0, 0.28)" } },
});
export const secondaryAction = style({ ...action, border: "2px solid currentColor", color: vars.color.onHero });

export const promises = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "0.5rem 1.25rem",
  listStyle: "none",
  margin: "1.5rem 0 0",
  padding: 0,
  fontWeight: 600,
  fontSize: "0.95rem",
});

// A tick drawn from two borders: no glyph for a screen reader to read out.
export const promise = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.45rem",
  selectors: {
    "&::before": {
      content: "''",
      width: "0.35rem",
      height: "0.7rem",
      marginBottom: "0.2rem",
      borderRight: "2px solid currentColor",
      borderBottom: "2px solid currentColor",
      transform: "rotate(45deg)",
    },
  },
});

export const bonus = style({ margin: "1rem 0 0", fontWeight: 600 });

// The art's shapes take their colours from these (see scripts/home-art.ts), so it wears the brand's theme;
// a shape without a stroke of its own inherits the outline, drawn under its fill, of an "outlined" theme.
export const heroArt = style({
  display: "block",
  stroke: vars.color.text,
  strokeWidth: vars.illustration.outline,
  strokeLinejoin: "round",
  paintOrder: "stroke",
  width: "100%",
  maxWidth: "34rem",
  height: "auto",
  marginInline: "auto",
  vars: {
    "--art-glow": vars.color.onHero,
    "--art-primary": vars.color.primary,
    "--art-strong": vars.color.primaryStrong,
    "--art-secondary": vars.color.secondary,
    "--art-accent": vars.color.unread,
    "--art-surface": vars.color.surface,
    "--art-ink": vars.color.text,
  },
});

export const section = style({ paddingBlock: "2.75rem", "@media": { [media.md]: { paddingBlock: "4rem" } } });

export const sectionHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: "0.5rem 1rem", marginBottom: "1.25rem" });

export const sectionTitle = style({ fontSize: "1.6rem", margin: "0 0 1.25rem", "@media": { [media.md]: { fontSize: "2.1rem" } } });

export const more = style({ color: vars.color.link, fontWeight: 700 });

// A row to swipe through on a phone; from the md breakpoint two rows of four.
export const members = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "minmax(9.5rem, 44%)",
  gap: "0.75rem",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  overscrollBehaviorX: "contain",
  margin: "0 -1rem",
  padding: "0 1rem 0.5rem",
  listStyle: "none",
  "@media": {
    [media.md]: { gridAutoFlow: "row", gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: "1rem", overflow: "visible", margin: 0, padding: 0 },
  },
});

export const member = style({ scrollSnapAlign: "start" });

export const memberLink = style({
  position: "relative",
  display: "block",
  borderRadius: vars.radius.large,
  overflow: "hidden",
  background: vars.color.surfaceMuted,
  color: "#fff",
  textDecoration: "none",
  boxShadow: "0 4px 14px rgba(0, 0, 0, 0.12)",
  transition: "transform 140ms ease, box-shadow 140ms ease",
  selectors: { "&:hover": { transform: "translateY(-2px)", boxShadow: "0 10px 24px rgba(0, 0, 0, 0.18)" } },
});

export const memberPhoto = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover" });

export const memberText = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  display: "grid",
  padding: "2.5rem 0.75rem 0.7rem",
  background: "linear-gradient(to top, rgba(0, 0, 0, 0.78), rgba(0, 0, 0, 0))",
  textShadow: "0 1px 2px rgba(0, 0, 0, 0.5)",
});

export const memberName = style({ fontWeight: 700, fontSize: "1.05rem", overflowWrap: "anywhere" });

export const memberPlace = style({ fontSize: "0.85rem", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const fictional = style({
  position: "absolute",
  top: "0.5rem",
  left: "0.5rem",
  padding: "0.15rem 0.5rem",
  borderRadius: vars.radius.pill,
  background: "rgba(0, 0, 0, 0.72)",
  fontSize: "0.8rem",
  fontWeight: 600,
});

export const fictionalWarning = style({ margin: "1rem 0 0", color: vars.color.textMuted, fontSize: "0.9rem" });

export const band = style({ background: vars.color.surfaceMuted });

export const cards = style({
  display: "grid",
  gap: "1rem",
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [media.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "1.25rem" } },
});

// On a phone the icon sits beside the words, so three points take less than a screen.
export const card = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  columnGap: "1rem",
  alignItems: "start",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  padding: "1.25rem",
  "@media": { [media.md]: { display: "block", padding: "1.5rem" } },
});

export const cardText = style({ margin: 0, color: vars.color.textMuted });

export const icon = style({
  display: "block",
  gridRow: "span 2",
  width: "3rem",
  height: "3rem",
  "@media": { [media.md]: { marginBottom: "1rem" } },
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.primaryStrong,
});

export const cardTitle = style({ fontSize: "1.2rem", margin: "0 0 0.4rem" });

export const step = style({ position: "relative", padding: "0 0 0 3.75rem", "@media": { [media.md]: { padding: "3.75rem 0 0" } } });

export const stepNumber = style({
  position: "absolute",
  top: 0,
  left: 0,
  display: "grid",
  placeItems: "center",
  width: "2.75rem",
  height: "2.75rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: "#fff",
  fontSize: "1.2rem",
  fontWeight: 800,
});

export const closing = style({
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  textAlign: "center",
});

export const closingInner = style({ display: "grid", justifyItems: "center", gap: "1rem", paddingBlock: "3.25rem", "@media": { [media.md]: { paddingBlock: "4.5rem" } } });

export const closingTitle = style({ fontSize: "clamp(1.7rem, 1.2rem + 2vw, 2.6rem)", margin: 0, maxWidth: "36rem", textWrap: "balance" });

export const closingText = style({ margin: "0 0 0.5rem", maxWidth: "34rem", fontSize: "1.1rem" });
