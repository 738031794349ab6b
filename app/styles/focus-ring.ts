import { vars } from "../../themes";

/**
 * The focus indicator of every control: a near-black ring between two white halos (the shadow
 * shows inside and outside the outline), so it stands out on light and dark backgrounds alike
 * and never looks like an error (WCAG technique C40).
 */
export const focusRing = {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: "2px",
  boxShadow: `0 0 0 7px ${vars.color.focusHalo}`,
} as const;
