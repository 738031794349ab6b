import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { button, secondaryButton } from "../form.css";

const pop = keyframes({
  from: { transform: "scale(0.6)", opacity: 0 },
  to: { transform: "scale(1)", opacity: 1 },
});

export const photos = style({
  display: "flex",
  justifyContent: "center",
  margin: "0.5rem 0 1rem",
});

export const photo = style({
  width: "7rem",
  height: "7rem",
  borderRadius: "50%",
  objectFit: "cover",
  border: `4px solid ${vars.color.surface}`,
  boxShadow: "0 6px 18px rgba(0,0,0,0.18)",
  background: `linear-gradient(135deg, ${vars.color.heroFrom}, ${vars.color.heroTo})`,
  color: vars.color.onHero,
  display: "grid",
  placeItems: "center",
  fontSize: "2.5rem",
  fontWeight: 700,
  selectors: { "& + &": { marginLeft: "-1.25rem" } },
  "@media": {
    "(prefers-reduced-motion: no-preference)": {
      animation: `${pop} 320ms ease-out both`,
    },
  },
});

export const title = style({
  margin: "0 0 0.35rem",
  fontSize: "1.6rem",
  color: vars.color.primaryStrong,
});
export const text = style({
  margin: "0 0 1.25rem",
  color: vars.color.textMuted,
});
export const actions = style({ display: "grid", gap: "0.6rem" });
export const primary = style([button, { width: "100%", textDecoration: "none", textAlign: "center" }]);
export const secondary = style([secondaryButton, { width: "100%", textDecoration: "none", textAlign: "center" }]);
