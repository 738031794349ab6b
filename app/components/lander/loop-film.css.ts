import { style } from "@vanilla-extract/css";

export const frame = style({ position: "relative", overflow: "hidden" });
export const picture = style({ position: "absolute", inset: 0, display: "block", width: "100%", height: "100%", objectFit: "cover" });
// Above anything a page lays over the film (the wall's shade).
export const toggle = style({
  position: "absolute",
  zIndex: 1,
  insetInlineEnd: "0.75rem",
  insetBlockEnd: "0.75rem",
  display: "grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  border: "1px solid rgba(255, 255, 255, 0.7)",
  borderRadius: "50%",
  background: "rgba(0, 0, 0, 0.55)",
  color: "#fff",
  cursor: "pointer",
  selectors: { "&[hidden]": { display: "none" } },
});
