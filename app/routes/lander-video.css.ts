import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";
import { heroBand } from "./lander.css";

// The wall: the film fills the band, darkened towards the words so they read on any frame.
export const wall = style({ position: "relative", display: "grid", alignItems: "end", minHeight: "min(86vh, 44rem)", overflow: "hidden", background: "#15121a", color: "#fff" });
export const wallFilm = style({
  position: "absolute",
  inset: 0,
  selectors: {
    "&::after": {
      content: "",
      position: "absolute",
      inset: 0,
      background: `linear-gradient(180deg, rgba(10, 8, 14, 0.25) 0%, rgba(10, 8, 14, 0.55) 45%, rgba(10, 8, 14, 0.92) 100%)`,
      pointerEvents: "none",
    },
  },
});
export const wallInner = style({
  position: "relative",
  display: "grid",
  gap: "1rem",
  justifyItems: "start",
  paddingBlock: "6rem 2.75rem",
  // Above the film's pause button on a phone.
  paddingInlineEnd: "3.5rem",
  "@media": { [media.md]: { paddingBlock: "8rem 4rem" } },
});
export const wallEyebrow = style({
  margin: 0,
  padding: "0.3rem 0.8rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: "0.85rem",
  fontWeight: 700,
  letterSpacing: "0.04em",
});
export const wallTitle = style({ margin: 0, maxWidth: "16ch", fontSize: "clamp(2.3rem, 1.6rem + 3vw, 4rem)", lineHeight: 1.05, textWrap: "balance", textShadow: "0 2px 18px rgba(0, 0, 0, 0.45)" });
export const wallLead = style({ margin: 0, maxWidth: "34rem", fontSize: "1.15rem", lineHeight: 1.55 });

// The story: a phone beside the brand's card; on a phone, the card first, so the way in shows at once.
export const story = style([heroBand, { paddingBlock: "2rem 2.75rem", "@media": { [media.md]: { paddingBlock: "3.5rem" } } }]);
export const storyGrid = style({
  display: "grid",
  gap: "1.75rem",
  alignItems: "center",
  "@media": { [media.md]: { gridTemplateColumns: "auto minmax(0, 1fr)", gap: "3.5rem" } },
});
export const phone = style({
  order: 1,
  justifySelf: "center",
  width: "min(62vw, 17rem)",
  padding: "0.55rem",
  borderRadius: "2.4rem",
  background: "#111",
  boxShadow: "0 24px 60px rgba(0, 0, 0, 0.38), inset 0 0 0 2px rgba(255, 255, 255, 0.12)",
  "@media": { [media.md]: { order: 0, width: "19rem" } },
});
export const phoneScreen = style({ aspectRatio: "9 / 16", borderRadius: "1.9rem", background: "#15121a" });
export const storyCard = style({
  display: "grid",
  gap: "1rem",
  justifyItems: "start",
  padding: "1.5rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: "0 18px 48px rgba(0, 0, 0, 0.22)",
});
export const storyLead = style({ margin: 0, color: vars.color.textMuted, fontSize: "1.1rem", lineHeight: 1.55 });
