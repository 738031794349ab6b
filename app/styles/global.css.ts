import { globalStyle } from "@vanilla-extract/css";
import { vars } from "../../themes";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", { WebkitTextSizeAdjust: "100%", scrollPaddingTop: "4.5rem" });

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  fontFamily: vars.font.body,
  fontSize: "1rem",
  lineHeight: 1.55,
  color: vars.color.text,
  background: vars.color.background,
});

globalStyle("h1, h2, h3", { fontFamily: vars.font.heading, lineHeight: 1.2, margin: "0 0 0.6em" });
globalStyle("p", { margin: "0 0 1em" });
globalStyle("a", { color: vars.color.link });
globalStyle("img, svg", { maxWidth: "100%" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.secondary}`, outlineOffset: "2px" });
