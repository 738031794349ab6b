/** The default palette of §9: light-blue primary, orange secondary, unread sharing the orange. */
export const defaultPalette = {
  primary: "#4fb3e8",
  primaryStrong: "#0b6e9e",
  onPrimary: "#0b2230",
  secondary: "#f28c28",
  onSecondary: "#2b1600",
  unread: "#f28c28",
  background: "#f6f9fc",
  surface: "#ffffff",
  surfaceMuted: "#eef3f8",
  text: "#1d2733",
  textMuted: "#4f5d6b",
  border: "#d5dee8",
  link: "#0b6e9e",
  danger: "#c62828",
  warning: "#8a5a00",
  success: "#2e7d32",
  heroFrom: "#0b6e9e",
  heroTo: "#1f7fb0",
  onHero: "#ffffff",
};

export const systemSans = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
export const systemSerif = 'Georgia, "Times New Roman", Times, serif';
export const defaultRadius = { small: "6px", medium: "10px", large: "18px", pill: "999px" };
