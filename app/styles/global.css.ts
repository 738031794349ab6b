import { globalStyle } from "@vanilla-extract/css";
import "../../themes/fonts.css";
import { vars } from "../../themes";
import { focusRing } from "./focus-ring";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", { WebkitTextSizeAdjust: "100%", scrollPaddingTop: "4.5rem" });

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  fontFamily: vars.font.body,
  fontSize: "1rem",
  WebkitFontSmoothing: "antialiased",
  lineHeight: 1.55,
  color: vars.color.text,
  background: vars.color.background,
});

globalStyle("h1, h2, h3", {
  fontFamily: vars.font.heading,
  fontWeight: vars.font.headingWeight,
  letterSpacing: vars.font.headingTracking,
  lineHeight: 1.15,
  margin: "0 0 0.6em",
});
globalStyle("p", { margin: "0 0 1em" });
globalStyle("a", { color: vars.color.link });
globalStyle("img, svg", { maxWidth: "100%" });
// Outranks a component's own box-shadow (one class), so the halo shows on cards and buttons too.
globalStyle(":root :focus-visible", focusRing);
