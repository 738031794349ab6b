import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

// A card flying off or dragged past the edge must never make the page scroll sideways.
export const page = style({ flex: 1, width: "100%", overflowX: "clip" });

export const column = style({
  width: "100%",
  maxWidth: "27rem",
  margin: "0 auto",
  padding: "1rem 1rem 2rem",
  display: "grid",
  gap: "0.75rem",
  justifyItems: "center",
  "@media": { [media.md]: { paddingTop: "1.75rem" } },
});

export const header = style({ width: "100%", display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "0.5rem" });
export const heading = style({ margin: 0, fontSize: "1.25rem", fontFamily: vars.font.heading, "@media": { [media.md]: { fontSize: "1.5rem" } } });
export const counter = style({
  margin: 0,
  padding: "0.3rem 0.8rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: "0.9rem",
});

/** The day's free likes, stated before the first swipe: one heart per like, filled while it is left. */
export const allowance = style({ display: "flex", alignItems: "center", gap: "0.6rem" });
export const pips = style({ display: "flex", gap: "0.15rem" });
const pip = style({ width: "1.1rem", height: "1.1rem", strokeWidth: 2 });
export const pipFull = style([pip, { fill: vars.color.primary, stroke: vars.color.primary }]);
export const pipEmpty = style([pip, { fill: "none", stroke: vars.color.border }]);
export const allowanceText = style({ display: "grid", margin: 0, lineHeight: 1.25, textAlign: "right" });
export const allowanceDaily = style({ color: vars.color.textMuted, fontSize: "0.8rem" });
export const allowanceLeft = style({ fontWeight: 700, fontSize: "0.95rem" });

/** Portrait, as large as the screen allows while the buttons (and a phone's bottom bar) stay in view. */
export const stage = style({
  position: "relative",
  width: "min(100%, max(14rem, calc((100svh - 22rem) * 0.75)))",
  aspectRatio: "3 / 4",
  "@media": { [media.md]: { width: "min(100%, max(16rem, calc((100svh - 16rem) * 0.75)))" } },
});

const cardShape = style({
  position: "absolute",
  inset: 0,
  borderRadius: vars.radius.large,
  overflow: "hidden",
  background: `linear-gradient(160deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  boxShadow: "0 12px 30px rgba(0, 0, 0, 0.18)",
});

export const card = style([
  cardShape,
  {
    cursor: "grab",
    touchAction: "pan-y",
    userSelect: "none",
    transition: "transform 200ms ease",
    selectors: { "&:focus-visible": { outline: `4px solid ${vars.color.primary}`, outlineOffset: "3px" } },
    "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
  },
]);
/** The card follows the finger exactly while held. */
export const dragging = style({ cursor: "grabbing", transition: "none" });

export const behind = style([cardShape, { transform: "scale(0.94) translateY(14px)", opacity: 0.75, boxShadow: "none" }]);
export const leaving = style([cardShape, { pointerEvents: "none", zIndex: 1 }]);

export const photo = style({ display: "block", width: "100%", height: "100%", objectFit: "cover", pointerEvents: "none" });
export const placeholder = style({
  display: "grid",
  placeItems: "center",
  width: "100%",
  height: "100%",
  color: vars.color.onHero,
  fontSize: "6rem",
  fontWeight: 700,
});

export const info = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  // Room at the bottom for the buttons that overlap the card's edge.
  padding: "3.5rem 1.1rem 3rem",
  background: "linear-gradient(to top, rgba(0, 0, 0, 0.8), rgba(0, 0, 0, 0.55) 60%, transparent)",
  color: "#fff",
});
export const name = style({ margin: 0, fontSize: "1.6rem", lineHeight: 1.2, overflowWrap: "anywhere", fontFamily: vars.font.heading });
export const place = style({ margin: "0.2rem 0 0", fontSize: "1rem", overflowWrap: "anywhere" });

export const fictional = style({
  position: "absolute",
  top: "0.75rem",
  right: "0.75rem",
  padding: "0.15rem 0.6rem",
  borderRadius: vars.radius.pill,
  background: "rgba(0, 0, 0, 0.7)",
  color: "#fff",
  fontSize: "0.85rem",
  fontWeight: 600,
});

const stamp = style({
  position: "absolute",
  top: "1.5rem",
  padding: "0.2rem 0.7rem",
  border: "4px solid",
  borderRadius: vars.radius.small,
  background: "rgba(255, 255, 255, 0.9)",
  fontSize: "1.6rem",
  fontWeight: 800,
  textTransform: "uppercase",
  letterSpacing: "0.05em",
  pointerEvents: "none",
});
export const stampLike = style([stamp, { left: "1.25rem", color: vars.color.success, transform: "rotate(-14deg)" }]);
export const stampPass = style([stamp, { right: "1.25rem", color: vars.color.danger, transform: "rotate(14deg)" }]);

/** The buttons sit over the card's bottom edge, as dating apps put them. */
export const actions = style({
  position: "relative",
  zIndex: 2,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "2rem",
  margin: "-2.4rem 0 0",
});

const roundButton = style({
  display: "grid",
  placeItems: "center",
  borderRadius: "50%",
  cursor: "pointer",
  lineHeight: 1,
  boxShadow: "0 6px 16px rgba(0, 0, 0, 0.15)",
  transition: "transform 120ms ease",
  selectors: {
    "&:hover": { transform: "scale(1.06)" },
    "&:active": { transform: "scale(0.95)" },
    "&:focus-visible": { outline: `4px solid ${vars.color.primary}`, outlineOffset: "3px" },
    "&:disabled": { cursor: "not-allowed", transform: "none", boxShadow: "none", filter: "grayscale(1)", opacity: 0.45 },
  },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});
export const passButton = style([
  roundButton,
  {
    width: "64px",
    height: "64px",
    border: `2px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.danger,
    fontSize: "1.7rem",
    fontWeight: 700,
  },
]);
export const likeButton = style([
  roundButton,
  { width: "76px", height: "76px", border: 0, background: vars.color.primaryStrong, color: vars.color.onPrimaryStrong, fontSize: "2.2rem" },
]);

export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: "0.85rem",
  // Arrow keys mean nothing on a touch screen.
  "@media": { "(hover: none)": { display: "none" } },
});
export const fictionalWarning = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.85rem", textAlign: "center" });

/** The card that takes the stack's place once the free likes are used: the way to more. */
// In the flow, not laid over the stage: on a small phone its text may make the stage taller.
export const upsell = style([
  cardShape,
  {
    position: "relative",
    inset: "auto",
    minHeight: "100%",
    display: "grid",
    alignContent: "center",
    justifyItems: "center",
    gap: "0.5rem",
    padding: "1.25rem 1rem 3.25rem",
    textAlign: "center",
    color: vars.color.onHero,
    "@media": { [media.md]: { gap: "0.6rem", padding: "1.5rem 1.25rem 3.25rem" } },
  },
]);
export const upsellArt = style({ width: "3.5rem", height: "3.5rem", "@media": { [media.md]: { width: "4.5rem", height: "4.5rem" } } });
export const upsellHeart = style({ fill: vars.color.onHero, fillOpacity: 0.92 });
export const upsellClock = style({ fill: vars.color.primaryStrong, stroke: vars.color.onHero, strokeWidth: 3 });
export const upsellHands = style({ fill: "none", stroke: "#fff", strokeWidth: 3, strokeLinecap: "round" });
export const upsellTitle = style({ margin: 0, fontSize: "1.25rem", fontFamily: vars.font.heading, "@media": { [media.md]: { fontSize: "1.45rem" } } });
export const upsellText = style({ margin: 0, maxWidth: "20rem" });
export const upsellNext = style({ display: "grid", justifyItems: "center", gap: "0.1rem", margin: "0.25rem 0", fontWeight: 600 });
export const countdown = style({
  fontSize: "2.1rem",
  fontWeight: 800,
  "@media": { [media.md]: { fontSize: "2.4rem" } },
  lineHeight: 1.1,
  letterSpacing: "0.02em",
  fontVariantNumeric: "tabular-nums",
});
export const upsellAt = style({ fontWeight: 400, fontSize: "0.9rem" });
export const upsellButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "48px",
  padding: "0 1.4rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 700,
  textDecoration: "none",
  boxShadow: "0 6px 16px rgba(0, 0, 0, 0.18)",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surfaceMuted } },
});
export const upsellLink = style({ color: vars.color.onHero, fontWeight: 600, minHeight: "44px", display: "inline-flex", alignItems: "center" });

export const dealing = style({ position: "absolute", inset: 0, display: "grid", placeItems: "center", margin: 0, color: vars.color.textMuted });

export const empty = style([
  cardShape,
  {
    display: "grid",
    alignContent: "center",
    justifyItems: "center",
    gap: "0.75rem",
    padding: "1.5rem",
    textAlign: "center",
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    boxShadow: "none",
  },
]);
export const emptyIcon = style({
  display: "grid",
  placeItems: "center",
  width: "4.5rem",
  height: "4.5rem",
  borderRadius: "50%",
  background: vars.color.surfaceMuted,
  color: vars.color.primaryStrong,
  fontSize: "2.2rem",
});
export const emptyTitle = style({ margin: 0, fontSize: "1.3rem" });
export const emptyText = style({ margin: 0, color: vars.color.textMuted });

export const status = style({ margin: 0, minHeight: "1.5em", color: vars.color.text, fontWeight: 600, textAlign: "center" });
