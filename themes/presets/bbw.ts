import type { ThemeTokens } from "../tokens";
import { tokenReference as ref } from "../tokens";
import { baseColors } from "./base";

/** BBW US: soft and round. Rosy coral, peach and plum on blush, rounded type, generous curves. */
export const bbwPreset: ThemeTokens = {
  color: {
    ...baseColors,
    primary: "#f2727a",
    primaryStrong: "#b3263f",
    onPrimary: "#2b0509",
    onPrimaryStrong: "#ffffff",
    secondary: "#ffb4a2",
    onSecondary: "#3d0b18",
    unread: "#7a2e6e",
    onUnread: "#ffffff",
    background: "#fff6f4",
    surface: "#ffffff",
    surfaceMuted: "#fce9e7",
    text: "#2e1a24",
    textMuted: "#6a4f5c",
    border: "#f2d6d3",
    link: "#a1213a",
    heroFrom: "#6b2560",
    heroTo: "#b3263f",
    onHero: "#ffffff",
  },
  font: { body: "nunito", heading: "quicksand", headingWeight: 700, headingTracking: "-0.01em" },
  radius: { small: "12px", medium: "20px", large: "32px", button: "999px" },
  shadow: {
    small: "0 2px 6px rgba(179, 38, 63, 0.08)",
    medium: "0 10px 28px -10px rgba(179, 38, 63, 0.28)",
    large: "0 36px 72px -24px rgba(107, 37, 96, 0.45)",
  },
  hero: {
    background: `radial-gradient(50% 60% at 80% 15%, rgba(255, 196, 180, 0.45), transparent 65%), radial-gradient(60% 70% at 15% 95%, rgba(242, 114, 122, 0.55), transparent 70%), linear-gradient(150deg, ${ref("color", "heroFrom")}, ${ref("color", "heroTo")})`,
    align: "center",
    titleSize: "clamp(2.2rem, 1.5rem + 3.4vw, 3.6rem)",
    frame: "48% 52% 45% 55% / 55% 45% 55% 45%",
  },
  illustration: { style: "outlined" },
};
