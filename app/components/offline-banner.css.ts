import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

/**
 * Where the toasts are (./toast.css.ts): above the member tab bar or the chat's composer on a phone,
 * under the top bar from md, so it hides no heading or back button. Taps pass through it.
 */
export const banner = style({
  position: "fixed",
  zIndex: 75,
  left: "50%",
  bottom: "calc(4.75rem + env(safe-area-inset-bottom))",
  transform: "translateX(-50%)",
  width: "max-content",
  maxWidth: "min(350px, calc(100% - 1.5rem))",
  margin: 0,
  padding: "0.6rem 1rem",
  borderRadius: vars.radius.medium,
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: "0.9rem",
  textAlign: "center",
  boxShadow: "0 12px 30px -10px rgba(0, 0, 0, 0.35)",
  pointerEvents: "none",
  "@media": {
    [media.md]: { left: "auto", right: "1.25rem", bottom: "auto", top: "5rem", transform: "none" },
  },
});
