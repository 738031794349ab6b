import type { ThemeTokens } from "../tokens";
import { tokenReference as ref } from "../tokens";
import { baseColors } from "./base";

/** Gay UK: bold and modern. Electric violet and mint on near-black ink, a geometric sans, crisp corners. */
export const gayPreset: ThemeTokens = {
  color: {
    ...baseColors,
    primary: "#7c3aed",
    primaryStrong: "#5b21b6",
    onPrimary: "#ffffff",
    onPrimaryStrong: "#ffffff",
    secondary: "#2de0c0",
    onSecondary: "#03261f",
    unread: "#ff3d81",
    onUnread: "#1a0010",
    background: "#f5f4f9",
    surface: "#ffffff",
    surfaceMuted: "#edeaf5",
    text: "#14111f",
    textMuted: "#545066",
    border: "#dcd7e8",
    link: "#5b21b6",
    heroFrom: "#0e0a1a",
    heroTo: "#3d1786",
    onHero: "#ffffff",
  },
  font: { body: "inter", heading: "outfit", headingWeight: 800, headingTracking: "-0.03em" },
  radius: { small: "4px", medium: "10px", large: "16px", button: "10px" },
  shadow: {
    small: "0 1px 0 rgba(20, 17, 31, 0.05), 0 1px 3px rgba(20, 17, 31, 0.1)",
    medium: "0 2px 4px rgba(20, 17, 31, 0.06), 0 12px 28px -10px rgba(61, 23, 134, 0.35)",
    large: "0 32px 64px -16px rgba(14, 10, 26, 0.55)",
  },
  hero: {
    background: `radial-gradient(55% 75% at 90% 20%, rgba(124, 58, 237, 0.75), transparent 70%), radial-gradient(40% 60% at 0% 100%, rgba(45, 224, 192, 0.35), transparent 70%), linear-gradient(120deg, ${ref("color", "heroFrom")}, ${ref("color", "heroTo")})`,
    align: "start",
    titleSize: "clamp(2.4rem, 1.4rem + 4.6vw, 4.2rem)",
    frame: "16px",
  },
  illustration: { style: "flat" },
};
