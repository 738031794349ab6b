import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

/**
 * The inbox (§2 chat layout). Below 992 px one pane at a time: the list under the brand's header
 * with the tab bar, or the open conversation alone. From 992 px the list and the conversation sit
 * side by side below the header, each scrolling on its own, and the page itself does not scroll.
 */
export const shell = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  "@media": { [media.lg]: { height: ["100vh", "100dvh"], overflow: "hidden" } },
});

/** Inside an open conversation a phone shows the conversation alone: no header, no tab bar. */
export const headerInConversation = style({ "@media": { "screen and (max-width: 991.98px)": { display: "none" } } });

export const inbox = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  width: "100%",
  "@media": {
    [media.lg]: {
      display: "grid",
      gridTemplateColumns: "minmax(18rem, 24rem) minmax(0, 1fr)",
      minHeight: 0,
      maxWidth: "80rem",
      margin: "0 auto",
      borderInline: `1px solid ${vars.color.border}`,
      background: vars.color.surface,
    },
  },
});

export const listPane = style({
  // Room below the list for the member tab bar, fixed at the bottom on phones.
  paddingBottom: "4rem",
  "@media": {
    [media.md]: { paddingBottom: 0 },
    [media.lg]: { minHeight: 0, overflowY: "auto", borderRight: `1px solid ${vars.color.border}`, background: vars.color.background },
  },
});
export const listPaneBeside = style([listPane, { "@media": { "screen and (max-width: 991.98px)": { display: "none" } } }]);

export const conversationPane = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  "@media": { [media.lg]: { minHeight: 0, overflow: "hidden" } },
});
export const pickPane = style({
  display: "none",
  "@media": { [media.lg]: { display: "grid", minHeight: 0 } },
});

export const pick = style({
  display: "grid",
  justifyItems: "center",
  alignContent: "center",
  gap: "0.75rem",
  padding: "2rem",
  textAlign: "center",
  background: `radial-gradient(circle at 50% 40%, ${vars.color.surfaceMuted}, ${vars.color.surface} 70%)`,
});
export const pickArt = style({ width: "7rem", height: "7rem" });
export const pickBack = style({ fill: vars.color.secondary, opacity: 0.85 });
export const pickFront = style({ fill: vars.color.primary });
export const pickHeart = style({ fill: vars.color.surface });
export const pickTitle = style({ margin: 0, fontSize: "1.4rem" });
export const pickText = style({ margin: "0 0 0.5rem", maxWidth: "24rem", color: vars.color.textMuted });
