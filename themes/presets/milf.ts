import type { ThemeTokens } from "../tokens";
import { tokenReference as ref } from "../tokens";
import { baseColors } from "./base";

/** Milf DE: elegant and mature. Wine and champagne gold on ivory, a high-contrast serif, fine corners. */
export const milfPreset: ThemeTokens = {
  color: {
    ...baseColors,
    primary: "#9b2242",
    primaryStrong: "#741530",
    onPrimary: "#ffffff",
    onPrimaryStrong: "#ffffff",
    secondary: "#d4b06a",
    onSecondary: "#2a1d05",
    unread: "#b8862e",
    onUnread: "#1f1400",
    background: "#fbf8f3",
    surface: "#ffffff",
    surfaceMuted: "#f4ede4",
    text: "#231a1c",
    textMuted: "#5f5053",
    border: "#e7dccf",
    link: "#8a1c3a",
    heroFrom: "#2b0a14",
    heroTo: "#6e1430",
    onHero: "#fff8ee",
  },
  font: { body: "lora", heading: "playfair-display", headingWeight: 600, headingTracking: "0" },
  radius: { small: "4px", medium: "8px", large: "14px", button: "6px" },
  shadow: {
    small: "0 1px 2px rgba(43, 10, 20, 0.06), 0 1px 4px rgba(43, 10, 20, 0.05)",
    medium: "0 8px 20px -8px rgba(43, 10, 20, 0.18)",
    large: "0 30px 60px -20px rgba(43, 10, 20, 0.4)",
  },
  hero: {
    background: `radial-gradient(70% 90% at 50% 0%, rgba(212, 176, 106, 0.22), transparent 65%), linear-gradient(160deg, ${ref("color", "heroFrom")}, ${ref("color", "heroTo")})`,
    align: "center",
    titleSize: "clamp(2.2rem, 1.5rem + 3.2vw, 3.6rem)",
    frame: "999px 999px 14px 14px",
  },
  illustration: { style: "flat" },
};
