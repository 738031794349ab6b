import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";
import { heroBand } from "./lander.css";

// A card dragged past the edge must never make the page scroll sideways.
export const page = style([heroBand, { flex: 1, overflowX: "clip" }]);

export const column = style({
  display: "grid",
  justifyItems: "center",
  gap: "0.9rem",
  width: "100%",
  maxWidth: "27rem",
  margin: "0 auto",
  padding: "1.25rem 1rem 2.5rem",
  textAlign: "center",
  "@media": { [media.md]: { paddingTop: "2.25rem" } },
});

export const title = style({ margin: "0 0 0.4rem", fontSize: "clamp(1.5rem, 1.2rem + 1.4vw, 2.1rem)", lineHeight: 1.12, textWrap: "balance" });

/** Portrait, as large as the screen allows while the buttons stay in view. */
export const stage = style({ position: "relative", width: "min(100%, max(15rem, calc((100svh - 21rem) * 0.75)))", aspectRatio: "3 / 4" });

/** The stage, its hint and the buttons: parts of the column's grid, one deck for the script. */
export const deck = style({ display: "contents" });

/**
 * Each member's card; the script moves data-place along: the top card, the one behind it (smaller,
 * faded) and the rest hidden. The card follows the finger exactly while held (data-dragging).
 */
export const card = style({
  position: "absolute",
  inset: 0,
  borderRadius: vars.radius.large,
  overflow: "hidden",
  background: vars.color.surfaceMuted,
  userSelect: "none",
  selectors: {
    "&[data-place=top]": {
      zIndex: 1,
      cursor: "grab",
      touchAction: "pan-y",
      boxShadow: "0 18px 40px rgba(0, 0, 0, 0.3)",
      transition: "transform 200ms ease",
    },
    "&[data-place=behind]": { transform: "scale(0.94) translateY(14px)", opacity: 0.7 },
    "&[data-dragging]": { cursor: "grabbing", transition: "none" },
  },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});

export const photo = style({ display: "block", width: "100%", height: "100%", objectFit: "cover", pointerEvents: "none" });

export const info = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  padding: "3.5rem 1.1rem 3rem",
  background: "linear-gradient(to top, rgba(0, 0, 0, 0.82), rgba(0, 0, 0, 0.55) 60%, transparent)",
  color: "#fff",
  textAlign: "start",
});
export const name = style({ margin: 0, color: "#fff", fontSize: "1.6rem", lineHeight: 1.2, overflowWrap: "anywhere" });
export const place = style({ margin: "0.2rem 0 0", overflowWrap: "anywhere" });


const stamp = style({
  position: "absolute",
  top: "1.5rem",
  padding: "0.2rem 0.7rem",
  border: "4px solid",
  borderRadius: vars.radius.small,
  background: "rgba(255, 255, 255, 0.92)",
  fontSize: "1.6rem",
  fontWeight: 800,
  textTransform: "uppercase",
  letterSpacing: "0.05em",
  pointerEvents: "none",
});
export const stampLike = style([stamp, { left: "1.25rem", color: vars.color.success, transform: "rotate(-14deg)" }]);
export const stampPass = style([stamp, { right: "1.25rem", color: vars.color.danger, transform: "rotate(14deg)" }]);

/** The buttons sit over the card's bottom edge, as dating apps put them. */
export const actions = style({ position: "relative", zIndex: 2, display: "flex", alignItems: "center", justifyContent: "center", gap: "2rem", marginTop: "-2.6rem" });

const roundButton = {
  display: "grid",
  placeItems: "center",
  borderRadius: "50%",
  cursor: "pointer",
  lineHeight: 1,
  textDecoration: "none",
  boxShadow: "0 6px 16px rgba(0, 0, 0, 0.2)",
  transition: "transform 120ms ease",
  selectors: { "&:hover": { transform: "scale(1.06)" }, "&:active": { transform: "scale(0.95)" } },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
} as const;

export const passButton = style({
  ...roundButton,
  selectors: { ...roundButton.selectors, "&[hidden]": { display: "none" } },
  width: "64px",
  height: "64px",
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.danger,
  fontSize: "1.7rem",
  fontWeight: 700,
});
export const likeButton = style({ ...roundButton, width: "76px", height: "76px", background: vars.color.primaryStrong, color: vars.color.onPrimaryStrong, fontSize: "2.2rem" });

export const end = style({ selectors: { "&[hidden]": { display: "none" } }, display: "grid", gap: "0.75rem", padding: "2rem 1.25rem", borderRadius: vars.radius.large, background: vars.color.surface, color: vars.color.text });
export const endTitle = style({ margin: 0, fontSize: "1.6rem", textWrap: "balance" });
export const endText = style({ margin: 0 });

