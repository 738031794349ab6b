export { vars } from "./contract.css";
export { THEME_NAMES, type ThemeName } from "./names";
