import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { breakpoints, media } from "../../../themes/breakpoints";

/** On a phone the member links are a tab bar at the bottom, within thumb reach; wider, in the top bar. */
export const links = style({
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: 10,
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "1fr",
  margin: 0,
  padding: "0 0 env(safe-area-inset-bottom)",
  listStyle: "none",
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: "0 -4px 16px rgba(0,0,0,0.06)",
  "@media": {
    [media.md]: {
      position: "static",
      display: "flex",
      gap: "0.25rem",
      padding: 0,
      border: "none",
      boxShadow: "none",
      background: "transparent",
    },
  },
});

export const link = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "0.15rem",
  minHeight: "3.5rem",
  padding: "0.35rem 0.1rem",
  color: vars.color.textMuted,
  fontSize: "0.7rem",
  fontWeight: 600,
  textDecoration: "none",
  textAlign: "center",
  // Five tabs share a phone's width: a long label takes two lines ("Premium werden") or is hyphenated.
  lineHeight: 1.15,
  hyphens: "auto",
  selectors: {
    '&[aria-current="page"]': { color: vars.color.primaryStrong },
    "&:hover, &:focus-visible": { color: vars.color.primaryStrong },
  },
  "@media": {
    [media.md]: {
      flexDirection: "row",
      whiteSpace: "nowrap",
      // Room for the badge that overhangs the icon.
      gap: "0.75rem",
      minHeight: "44px",
      padding: "0 0.75rem",
      borderRadius: vars.radius.pill,
      fontSize: "0.95rem",
      selectors: {
        '&[aria-current="page"]': { background: vars.color.surfaceMuted },
      },
    },
  },
});

export const icon = style({ position: "relative", display: "inline-flex" });

/** Between the phone's tab bar and a wide top bar, the links show their icons only; screen readers still read the names. */
export const label = style({
  "@media": {
    [`screen and (min-width: ${breakpoints.md}px) and (max-width: ${breakpoints.lg - 0.02}px)`]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      margin: "-1px",
      overflow: "hidden",
      clip: "rect(0, 0, 0, 0)",
      whiteSpace: "nowrap",
    },
  },
});

const badgeBase = style({
  position: "absolute",
  top: "-0.45rem",
  left: "calc(100% - 0.55rem)",
  minWidth: "1.25rem",
  height: "1.25rem",
  padding: "0 0.3rem",
  borderRadius: vars.radius.pill,
  fontSize: "0.7rem",
  fontWeight: 700,
  lineHeight: "1.25rem",
  textAlign: "center",
  color: vars.color.surface,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
});

export const badge = styleVariants({
  count: [badgeBase, { background: vars.color.unread, color: vars.color.onUnread }],
  warning: [badgeBase, { background: vars.color.warning }],
  danger: [badgeBase, { background: vars.color.danger }],
});

export const premium = style([link, { color: vars.color.primaryStrong }]);

export const back = style({
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  border: "none",
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&:hover, &:focus-visible": { background: vars.color.surfaceMuted },
  },
});
