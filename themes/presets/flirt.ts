import type { ThemeTokens } from "../tokens";
import { tokenReference as ref } from "../tokens";
import { baseColors } from "./base";

/** Flirt NL: warm and playful. Tangerine and raspberry on cream, a soft serif, round corners. */
export const flirtPreset: ThemeTokens = {
  color: {
    ...baseColors,
    primary: "#ff7a59",
    primaryStrong: "#c73a1d",
    onPrimary: "#2a0c04",
    onPrimaryStrong: "#ffffff",
    secondary: "#ffc857",
    onSecondary: "#3b2500",
    unread: "#cc2c5c",
    onUnread: "#ffffff",
    background: "#fff8f3",
    surface: "#ffffff",
    surfaceMuted: "#fdeee6",
    text: "#2b1a16",
    textMuted: "#6b5049",
    border: "#f1ddd3",
    link: "#b8331a",
    heroFrom: "#b8331a",
    heroTo: "#a3235a",
    onHero: "#ffffff",
  },
  font: { body: "dm-sans", heading: "fraunces", headingWeight: 650, headingTracking: "-0.015em" },
  radius: { small: "10px", medium: "16px", large: "28px", button: "999px" },
  shadow: {
    small: "0 1px 2px rgba(120, 45, 20, 0.06), 0 2px 6px rgba(120, 45, 20, 0.06)",
    medium: "0 6px 14px -4px rgba(120, 45, 20, 0.12), 0 16px 32px -12px rgba(120, 45, 20, 0.18)",
    large: "0 28px 56px -16px rgba(120, 45, 20, 0.35)",
  },
  hero: {
    background: `radial-gradient(60% 80% at 85% 10%, rgba(255, 200, 87, 0.45), transparent 60%), radial-gradient(50% 70% at 10% 100%, rgba(255, 122, 89, 0.5), transparent 70%), linear-gradient(135deg, ${ref("color", "heroFrom")}, ${ref("color", "heroTo")})`,
    align: "start",
    titleSize: "clamp(2.3rem, 1.5rem + 3.8vw, 3.8rem)",
    frame: "32px 32px 32px 8px",
  },
  illustration: { style: "flat" },
};
