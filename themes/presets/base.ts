/** What every preset shares unless it says otherwise: status colours and the neutral focus ring. */
export const baseColors = {
  danger: "#c62828",
  warning: "#8a5a00",
  success: "#2e7d32",
  // Near-black ring with a white halo between it and the element: one of the two always stands out.
  focusRing: "#111111",
  focusHalo: "#ffffff",
};
