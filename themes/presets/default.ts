import type { ThemeTokens } from "../tokens";
import { tokenReference as ref } from "../tokens";
import { baseColors } from "./base";

/** The default palette of §9: light-blue primary, orange secondary, unread sharing the orange. */
export const defaultPreset: ThemeTokens = {
  color: {
    ...baseColors,
    primary: "#4fb3e8",
    primaryStrong: "#0b6e9e",
    onPrimary: "#0b2230",
    onPrimaryStrong: "#ffffff",
    secondary: "#f28c28",
    onSecondary: "#2b1600",
    unread: "#f28c28",
    onUnread: "#2b1600",
    background: "#f6f9fc",
    surface: "#ffffff",
    surfaceMuted: "#eef3f8",
    text: "#1d2733",
    textMuted: "#4f5d6b",
    border: "#d5dee8",
    link: "#0b6e9e",
    heroFrom: "#0b6e9e",
    heroTo: "#1f6f9c",
    onHero: "#ffffff",
  },
  font: { body: "inter", heading: "inter", headingWeight: 750, headingTracking: "-0.02em" },
  radius: { small: "6px", medium: "10px", large: "18px", button: "999px" },
  shadow: {
    small: "0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)",
    medium: "0 4px 8px -2px rgba(16, 24, 40, 0.08), 0 12px 24px -6px rgba(16, 24, 40, 0.12)",
    large: "0 24px 48px -12px rgba(16, 24, 40, 0.28)",
  },
  hero: {
    background: `linear-gradient(135deg, ${ref("color", "heroFrom")}, ${ref("color", "heroTo")})`,
    align: "start",
    titleSize: "clamp(2.1rem, 1.4rem + 3.4vw, 3.4rem)",
    frame: "24px",
  },
  illustration: { style: "flat" },
};
