import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const mapCard = style({
  margin: 0,
  padding: "1.1rem 1.1rem 0.75rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: "0 18px 48px rgba(0, 0, 0, 0.22)",
  width: "100%",
  maxWidth: "30rem",
  justifySelf: "center",
});
// Its width is set inline: the country's own proportions, no taller than most of a screen.
export const mapCanvas = style({ position: "relative", marginInline: "auto" });
export const dots = style({
  display: "block",
  width: "100%",
  height: "100%",
  fill: "none",
  stroke: vars.color.primary,
  strokeOpacity: 0.42,
  strokeWidth: 0.62,
  strokeLinecap: "round",
  strokeDasharray: "0 1",
});
export const pins = style({ position: "absolute", inset: 0, margin: 0, padding: 0, listStyle: "none" });
export const pin = style({ position: "absolute", width: "13%", transform: "translate(-50%, -50%)" });
export const pinLink = style({
  display: "block",
  borderRadius: "50%",
  border: `3px solid ${vars.color.surface}`,
  boxShadow: `0 0 0 2px ${vars.color.primary}, 0 6px 14px rgba(0, 0, 0, 0.28)`,
  overflow: "hidden",
  transition: "transform 120ms ease",
  selectors: { "&:hover, &:focus-visible": { transform: "scale(1.12)" } },
});
export const pinPhoto = style({ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover", background: vars.color.surfaceMuted });
export const caption = style({ marginTop: "0.5rem", color: vars.color.textMuted, fontSize: "0.9rem", fontWeight: 600, textAlign: "center" });
