import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../themes";

// Runs towards 90 % over the 5 s of §9 and waits there; the finish jumps to 100 %.
const creep = keyframes({ from: { transform: "scaleX(0)" }, to: { transform: "scaleX(0.9)" } });

export const bar = style({
  position: "fixed",
  insetInline: 0,
  top: 0,
  zIndex: 60,
  height: "3px",
  background: vars.color.primary,
  transformOrigin: "left",
  pointerEvents: "none",
  animation: `${creep} 5000ms cubic-bezier(0.1, 0.7, 0.3, 1) forwards`,
});

export const done = style({ transform: "scaleX(1)", animation: "none", opacity: 0, transition: "transform 200ms ease-out, opacity 300ms ease 200ms" });
