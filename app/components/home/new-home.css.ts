import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

const heroColours = `radial-gradient(90% 70% at 100% 0%, ${vars.color.heroTo} 0%, transparent 70%), linear-gradient(160deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`;

export const photo = style({ display: "block", width: "100%", height: "100%", objectFit: "cover" });

// The hero: on a phone the wall of members runs across the top, out of the screen's edges, and
// fades into the brand's colours above the promise; from lg it fills the right half, edge to edge.
export const hero = style({
  position: "relative",
  overflow: "hidden",
  background: heroColours,
  color: vars.color.onHero,
});

// The wall fades into the hero's colours where it meets the words (below them on a phone), and at
// the hero's top and bottom edges beside them.
const fadeBelow = "linear-gradient(to bottom, #000 62%, transparent)";
const fadeAtEdges = "linear-gradient(to bottom, transparent, #000 12%, #000 80%, transparent)";

export const wall = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: "0.5rem",
  margin: "0 -1.5rem",
  padding: "1rem 0 0",
  listStyle: "none",
  maskImage: fadeBelow,
  WebkitMaskImage: fadeBelow,
  "@media": {
    [media.md]: { gridTemplateColumns: "repeat(6, minmax(0, 1fr))", gap: "0.75rem" },
    [media.lg]: {
      position: "absolute",
      insetBlock: 0,
      right: 0,
      width: "50%",
      margin: 0,
      padding: "0 0.875rem 0 0",
      gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
      alignContent: "center",
      gap: "0.875rem",
      maskImage: fadeAtEdges,
      WebkitMaskImage: fadeAtEdges,
    },
  },
});

const HEART = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.7 1.1 5.2 3 1.5-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21Z'/%3E%3C/svg%3E")`;

// The middle column stands lower: a wall of portraits, not a table of them. One of them is liked,
// as the brand's members like each other: a heart drawn in CSS, nothing for a screen reader.
export const wallTile = style({
  position: "relative",
  aspectRatio: "3 / 4",
  overflow: "hidden",
  borderRadius: vars.hero.frame,
  background: vars.color.heroTo,
  boxShadow: "0 18px 40px -18px rgba(0, 0, 0, 0.55)",
  selectors: {
    "&:nth-child(3n + 2)": { transform: "translateY(14%)" },
    "&:nth-child(2)::before": {
      content: "''",
      position: "absolute",
      top: "0.6rem",
      right: "0.6rem",
      width: "2.6rem",
      height: "2.6rem",
      borderRadius: vars.radius.pill,
      background: vars.color.surface,
      boxShadow: vars.shadow.medium,
    },
    "&:nth-child(2)::after": {
      content: "''",
      position: "absolute",
      top: "1.3rem",
      right: "1.3rem",
      width: "1.2rem",
      height: "1.2rem",
      background: vars.color.unread,
      maskImage: HEART,
      WebkitMaskImage: HEART,
    },
    // A phone shows the first row only.
    "&:nth-child(n + 4)": { display: "none" },
  },
  "@media": {
    [media.md]: { selectors: { "&:nth-child(n + 4)": { display: "block" }, "&:nth-child(3n + 2)": { transform: "none" }, "&:nth-child(even)": { transform: "translateY(14%)" } } },
    [media.lg]: { selectors: { "&:nth-child(even)": { transform: "none" }, "&:nth-child(3n + 2)": { transform: "translateY(18%)" } } },
  },
});

// Right under the wall on a phone; beside it, or beside the drawing, from lg.
export const heroGrid = style({
  position: "relative",
  display: "grid",
  alignItems: "center",
  paddingBlock: "2rem 2.5rem",
  selectors: { [`${wall} + &`]: { paddingTop: "0.5rem" } },
  "@media": {
    [media.md]: { paddingBlock: "3rem 3.5rem", selectors: { [`${wall} + &`]: { paddingTop: "1rem" } } },
    [media.lg]: {
      gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
      gap: "3rem",
      minHeight: "38rem",
      paddingBlock: "4rem",
      selectors: { [`${wall} + &`]: { paddingTop: "4rem" } },
    },
  },
});

export const heroCopy = style({ display: "grid", justifyItems: "start", gap: "1.1rem" });

export const eyebrow = style({
  margin: 0,
  padding: "0.35rem 0.9rem",
  borderRadius: vars.radius.pill,
  background: vars.color.onHero,
  color: vars.color.heroFrom,
  fontSize: "0.8rem",
  fontWeight: 800,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
});

// The brand's headline size, kept to what half a screen holds once the wall stands beside it.
export const title = style({
  margin: 0,
  fontSize: vars.hero.titleSize,
  lineHeight: 1.02,
  textWrap: "balance",
  "@media": { [media.lg]: { fontSize: `min(${vars.hero.titleSize}, 4.4vw)` } },
});

export const lead = style({ margin: 0, maxWidth: "32rem", fontSize: "1.15rem", lineHeight: 1.55 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "0.75rem", marginTop: "0.5rem" });

export const bonus = style({ margin: 0, fontWeight: 600 });

// The drawing stands on the hero's bottom edge, as on the classic page.
export const art = style({ display: "none", "@media": { [media.lg]: { display: "block", alignSelf: "end", marginBottom: "-4rem" } } });

export const section = style({ paddingBlock: "2.75rem", "@media": { [media.md]: { paddingBlock: "4.5rem" } } });

export const sectionTitle = style({ margin: "0 0 1.25rem", fontSize: "1.7rem", lineHeight: 1.15, textWrap: "balance", "@media": { [media.md]: { fontSize: "2.4rem" } } });

export const centred = style({ textAlign: "center", marginInline: "auto", maxWidth: "40rem", "@media": { [media.md]: { marginBottom: "2.75rem" } } });

// Portraits to swipe through on a phone, the next one showing at the edge; from md two rows of four.
export const members = style({
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "clamp(10rem, 62%, 15rem)",
  gap: "0.875rem",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  overscrollBehaviorX: "contain",
  scrollPaddingInline: "1rem",
  margin: "0 -1rem",
  padding: "0.25rem 1rem 1rem",
  listStyle: "none",
  "@media": {
    [media.md]: { gridAutoFlow: "row", gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: "1.25rem", overflow: "visible", margin: 0, padding: 0 },
  },
});

export const member = style({ scrollSnapAlign: "start" });

export const memberLink = style({
  position: "relative",
  display: "block",
  aspectRatio: "3 / 4",
  borderRadius: vars.radius.large,
  overflow: "hidden",
  background: vars.color.surfaceMuted,
  color: "#fff",
  textDecoration: "none",
  boxShadow: vars.shadow.medium,
  transition: "transform 160ms ease, box-shadow 160ms ease",
  selectors: { "&:hover": { transform: "translateY(-3px)", boxShadow: vars.shadow.large } },
});

export const memberText = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  display: "grid",
  gap: "0.1rem",
  padding: "3.5rem 1rem 0.9rem",
  background: "linear-gradient(to top, rgba(0, 0, 0, 0.8), rgba(0, 0, 0, 0))",
  textShadow: "0 1px 2px rgba(0, 0, 0, 0.5)",
});

export const memberName = style({
  fontFamily: vars.font.heading,
  fontWeight: vars.font.headingWeight,
  fontSize: "1.25rem",
  lineHeight: 1.15,
  overflowWrap: "anywhere",
});

export const memberPlace = style({ fontSize: "0.9rem", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const stepsBand = style({ background: vars.color.surfaceMuted });

const NUMBER = "3.25rem";

// On a phone a line down the numbers; from md the three side by side with the line across.
export const steps = style({
  display: "grid",
  gap: "1.75rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.md]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "2rem", textAlign: "center" } },
});

export const step = style({
  position: "relative",
  paddingInlineStart: `calc(${NUMBER} + 1rem)`,
  selectors: {
    "&:not(:last-child)::after": {
      content: "''",
      position: "absolute",
      top: `calc(${NUMBER} + 0.4rem)`,
      bottom: "-1.35rem",
      left: `calc(${NUMBER} / 2 - 1px)`,
      borderInlineStart: `2px dashed ${vars.color.primary}`,
    },
  },
  "@media": {
    [media.md]: {
      paddingInlineStart: 0,
      selectors: {
        "&:not(:last-child)::after": {
          top: `calc(${NUMBER} / 2 - 1px)`,
          bottom: "auto",
          left: `calc(50% + ${NUMBER} / 2 + 0.75rem)`,
          width: `calc(100% + 2rem - ${NUMBER} - 1.5rem)`,
          borderInlineStart: "none",
          borderTop: `2px dashed ${vars.color.primary}`,
        },
      },
    },
  },
});

export const stepNumber = style({
  position: "absolute",
  top: 0,
  left: 0,
  display: "grid",
  placeItems: "center",
  width: NUMBER,
  height: NUMBER,
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  boxShadow: `0 0 0 6px ${vars.color.surfaceMuted}`,
  fontFamily: vars.font.heading,
  fontWeight: vars.font.headingWeight,
  fontSize: "1.4rem",
  "@media": { [media.md]: { position: "static", margin: "0 auto 1.1rem" } },
});

export const pointTitle = style({ margin: "0 0 0.35rem", fontSize: "1.2rem" });

export const pointText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.55 });

// Why it is safe: the title beside the three points from lg.
export const trust = style({
  display: "grid",
  alignItems: "start",
  "@media": { [media.lg]: { gridTemplateColumns: "minmax(0, 5fr) minmax(0, 7fr)", gap: "3rem" } },
});

export const trustPoints = style({ display: "grid", margin: 0, padding: 0, listStyle: "none" });

export const trustPoint = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: "1rem",
  alignItems: "start",
  paddingBlock: "1.25rem",
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { "&:first-child": { borderTop: "none", paddingTop: 0 } },
});

export const icon = style({
  display: "block",
  width: "3.5rem",
  height: "3.5rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
});

export const closingSection = style({ paddingBottom: "2.75rem", "@media": { [media.md]: { paddingBottom: "4.5rem" } } });

export const closing = style({
  display: "grid",
  justifyItems: "center",
  gap: "1rem",
  padding: "2.5rem 1.25rem",
  borderRadius: vars.radius.large,
  background: heroColours,
  color: vars.color.onHero,
  textAlign: "center",
  boxShadow: vars.shadow.large,
  "@media": { [media.md]: { padding: "4rem 2rem" } },
});

export const faces = style({ display: "flex", margin: "0 0 0.5rem", padding: 0, listStyle: "none" });

export const face = style({
  width: "3.5rem",
  height: "3.5rem",
  overflow: "hidden",
  borderRadius: vars.radius.pill,
  border: `3px solid ${vars.color.onHero}`,
  selectors: { "& + &": { marginInlineStart: "-0.9rem" } },
  "@media": { [media.md]: { width: "4.5rem", height: "4.5rem" } },
});

export const closingTitle = style({ margin: 0, maxWidth: "36rem", fontSize: "clamp(1.8rem, 1.2rem + 2.4vw, 2.9rem)", lineHeight: 1.1, textWrap: "balance" });

export const closingText = style({ margin: "0 0 0.5rem", maxWidth: "34rem", fontSize: "1.1rem" });
