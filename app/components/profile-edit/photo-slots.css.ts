import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

/**
 * Two columns on a phone, three from 576 px; the first photo (the main one) takes a double slot,
 * so a free member's three slots fill the grid on every width.
 */
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "0.6rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.sm]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: "0.75rem" } },
});

export const slot = style({
  position: "relative",
  aspectRatio: "1 / 1",
  minWidth: 0,
  borderRadius: vars.radius.medium,
  overflow: "hidden",
  background: vars.color.surfaceMuted,
  selectors: {
    "&:first-child": { gridColumn: "span 2" },
  },
  "@media": { [media.sm]: { selectors: { "&:first-child": { gridRow: "span 2" } } } },
});

export const image = style({ display: "block", width: "100%", height: "100%", objectFit: "cover" });
export const previewImage = style({ opacity: 0.75 });

const onPhoto = { background: "rgba(0, 0, 0, 0.62)", color: "#fff" } as const;

export const badge = style({
  ...onPhoto,
  position: "absolute",
  top: "0.5rem",
  left: "0.5rem",
  padding: "0.2rem 0.6rem",
  borderRadius: vars.radius.pill,
  fontSize: "0.8rem",
  fontWeight: 700,
});

/** Refused: dimmed and marked in the danger colour, with the moderator's reason below the grid. */
export const rejectedImage = style({ opacity: 0.45, filter: "grayscale(1)" });
export const rejectedBadge = style({ background: vars.color.danger, color: vars.color.surface });
export const rejections = style({ display: "grid", gap: "0.5rem", margin: 0, padding: 0, listStyle: "none" });
export const rejection = style({
  padding: "0.65rem 0.85rem",
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.danger}`,
  background: vars.color.surface,
  overflowWrap: "anywhere",
});

export const controls = style({ position: "absolute", inset: 0, pointerEvents: "none" });

export const control = style({
  ...onPhoto,
  position: "absolute",
  display: "grid",
  placeItems: "center",
  width: "2.25rem",
  height: "2.25rem",
  padding: 0,
  border: 0,
  borderRadius: "50%",
  cursor: "pointer",
  pointerEvents: "auto",
  selectors: {
    "&:hover": { background: "rgba(0, 0, 0, 0.8)" },
    "&:focus-visible": { outline: "3px solid #fff", outlineOffset: "1px", boxShadow: "0 0 0 5px rgba(0, 0, 0, 0.85)" },
    "&:disabled": { opacity: 0.35, cursor: "default" },
  },
});
const inset = "0.4rem";
export const topLeft = style({ top: inset, left: inset });
export const topRight = style({ top: inset, right: inset });
export const bottomLeft = style({ bottom: inset, left: inset });
export const bottomRight = style({ bottom: inset, right: inset });

const emptySlot = {
  display: "grid",
  placeItems: "center",
  alignContent: "center",
  gap: "0.35rem",
  width: "100%",
  height: "100%",
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  color: vars.color.textMuted,
  cursor: "pointer",
  textAlign: "center",
  position: "relative",
} as const;

export const add = style({
  ...emptySlot,
  borderColor: vars.color.primary,
  color: vars.color.text,
  fontWeight: 700,
  padding: "0.5rem",
  selectors: {
    "&:hover": { background: vars.color.surface },
    "&:focus-within": { outline: `3px solid ${vars.color.text}`, outlineOffset: "-6px" },
  },
});
export const empty = style(emptySlot);

export const progress = style({ position: "absolute", inset: 0, display: "grid", placeItems: "center", background: "rgba(0, 0, 0, 0.35)", color: "#fff" });
export const ring = style({ gridArea: "1 / 1", width: "4.5rem", height: "4.5rem", transform: "rotate(-90deg)" });
export const ringTrack = style({ fill: "none", stroke: "rgba(255, 255, 255, 0.35)", strokeWidth: 4 });
export const ringValue = style({ fill: "none", stroke: "#fff", strokeWidth: 4, strokeLinecap: "round", transition: "stroke-dashoffset 0.2s linear" });
export const percent = style({ gridArea: "1 / 1", fontWeight: 700, textShadow: "0 1px 2px rgba(0, 0, 0, 0.6)" });

export const status = style({ display: "grid", gap: "0.5rem", selectors: { "&:empty": { display: "none" } } });
export const upload = style({ display: "grid", gap: "0.75rem" });
export const uploadActions = style({ display: "flex", flexWrap: "wrap", gap: "0.6rem" });

/** Out of sight but still focusable: the add slot, its label, shows where the keyboard is. */
export const fileInput = style({ position: "absolute", width: 1, height: 1, opacity: 0, overflow: "hidden" });

