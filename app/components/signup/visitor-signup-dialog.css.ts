import { style } from "@vanilla-extract/css";

/** The browser's own dialog, dressed as the framework's signup modal: the card inside is that modal's. */
export const dialog = style({
  width: "calc(100% - 2rem)",
  maxWidth: "30rem",
  maxHeight: "calc(100dvh - 2rem)",
  padding: 0,
  border: 0,
  background: "transparent",
  overflowY: "auto",
  selectors: { "&::backdrop": { background: "rgba(10, 10, 20, 0.6)" } },
});
