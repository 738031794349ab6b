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
  borderRadius: vars.radius.large,
  overflow: "hidden",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.small,
  transition: "box-shadow 150ms ease, transform 150ms ease",
  selectors: { "&:hover, &:focus-within": { boxShadow: vars.shadow.medium, transform: "translateY(-2px)" } },
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

export const photoArea = style({ position: "relative" });

export const note = style({ color: vars.color.text, fontSize: "0.85rem", fontWeight: 600, overflowWrap: "anywhere" });

export const badges = style({ position: "absolute", top: "0.5rem", right: "0.5rem", display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: "0.3rem" });

const pill = style({ padding: "0.1rem 0.45rem", borderRadius: vars.radius.pill, fontSize: "0.8rem", fontWeight: 600 });

export const newLike = style([pill, { background: vars.color.unread, color: vars.color.onUnread }]);

// Above the card link's stretched target, so the heart is its own button.
export const likeForm = style({ position: "absolute", right: "0.5rem", bottom: "0.5rem", zIndex: 1 });

export const like = style({
  display: "grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  border: "none",
  borderRadius: "50%",
  background: "rgba(255,255,255,0.92)",
  color: vars.color.primaryStrong,
  boxShadow: "0 2px 8px rgba(0,0,0,0.25)",
  cursor: "pointer",
  transition: "transform 120ms ease",
  selectors: { "&:hover": { transform: "scale(1.08)" }, "&:focus-visible": { outline: `3px solid ${vars.color.primaryStrong}`, outlineOffset: "2px" } },
});

export const fictional = style([pill, { background: "rgba(0,0,0,0.65)", color: "#fff" }]);
