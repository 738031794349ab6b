import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";
import { focusRing } from "../../styles/focus-ring";

/** The chat column: at most 800 px wide (§9). */
const COLUMN = "50rem";

// On a phone the page scrolls, the bar and the footer stick: the footer stays above the keyboard.
// Beside the list (from 992 px) the screen fills its pane and the messages scroll inside it.
export const screen = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  minHeight: ["100vh", "100dvh"],
  background: vars.color.background,
  "@media": { [media.lg]: { minHeight: 0 } },
});
export const scroller = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  "@media": { [media.lg]: { minHeight: 0, overflowY: "auto" } },
});

export const topBar = style({ position: "sticky", top: 0, zIndex: 2, background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });
export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: "0.5rem",
  maxWidth: COLUMN,
  margin: "0 auto",
  padding: "0.4rem 0.5rem",
  minHeight: "3.5rem",
});
export const iconLink = style({
  display: "inline-grid",
  placeItems: "center",
  flex: "none",
  width: "44px",
  height: "44px",
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surfaceMuted } },
});
export const partner = style({
  display: "flex",
  alignItems: "center",
  gap: "0.6rem",
  flex: 1,
  minWidth: 0,
  minHeight: "44px",
  color: vars.color.text,
  fontWeight: 700,
  textDecoration: "none",
});
export const partnerName = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: "1.05rem",
  selectors: { [`a${partner}:hover &, a${partner}:focus-visible &`]: { textDecoration: "underline" } },
});
// The list beside the conversation is the way back from 992 px.
export const backLink = style([iconLink, { "@media": { [media.lg]: { display: "none" } } }]);
export const avatar = style({ flex: "none", width: "40px", height: "40px", borderRadius: "50%", objectFit: "cover", background: vars.color.surfaceMuted });
export const avatarLetter = style([
  avatar,
  { display: "grid", placeItems: "center", background: vars.color.primaryStrong, color: vars.color.onPrimaryStrong, fontWeight: 700, fontSize: "1.1rem", lineHeight: 1 },
]);
export const credits = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.4rem",
  flex: "none",
  minHeight: "44px",
  padding: "0 0.3rem 0 0.6rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: "0.9rem",
  fontWeight: 700,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.primary } },
});
export const coin = style({ width: "1.25rem", height: "1.25rem", flex: "none", fill: vars.color.secondary });
export const coinStar = style({ fill: vars.color.onSecondary });
/** The buy action inside the chip: a plus in the brand colour. */
export const buy = style({
  display: "grid",
  placeItems: "center",
  width: "1.75rem",
  height: "1.75rem",
  borderRadius: "50%",
  background: vars.color.primaryStrong,
  color: "#fff",
  fontSize: "1.15rem",
  lineHeight: 1,
});

export const column = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: "0.4rem",
  width: "100%",
  maxWidth: COLUMN,
  margin: "0 auto",
  padding: "1rem 0.75rem",
});
export const heading = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});
export const pager = style({ display: "flex", justifyContent: "center", gap: "1.5rem", paddingBottom: "0.5rem" });
export const note = style({
  alignSelf: "center",
  margin: "0.25rem 0",
  padding: "0.4rem 0.9rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: "0.9rem",
  textAlign: "center",
});
export const start = style({ margin: "auto 0", padding: "2rem 1rem", color: vars.color.textMuted, textAlign: "center" });

export const messages = style({ display: "flex", flexDirection: "column", gap: "0.4rem", margin: 0, padding: 0, listStyle: "none" });
const row = style({ display: "flex", flexDirection: "column", maxWidth: "min(85%, 32rem)", "@media": { [media.md]: { maxWidth: "70%" } } });
export const rowOf = styleVariants({
  mine: [row, { alignSelf: "flex-end", alignItems: "flex-end" }],
  theirs: [row, { alignSelf: "flex-start", alignItems: "flex-start" }],
  system: [row, { alignSelf: "center", alignItems: "center", maxWidth: "min(95%, 36rem)" }],
});
const bubble = style({ padding: "0.5rem 0.8rem", borderRadius: vars.radius.large, overflowWrap: "anywhere", whiteSpace: "pre-wrap" });
export const bubbleOf = styleVariants({
  mine: [bubble, { background: vars.color.primaryStrong, color: vars.color.onPrimaryStrong, borderBottomRightRadius: vars.radius.small }],
  theirs: [
    bubble,
    { background: vars.color.surface, color: vars.color.text, border: `1px solid ${vars.color.border}`, borderBottomLeftRadius: vars.radius.small },
  ],
  system: [bubble, { background: vars.color.surfaceMuted, color: vars.color.text, border: `1px dashed ${vars.color.border}`, textAlign: "center" }],
});
export const pending = style({ opacity: 0.7 });
export const photoLink = style({ display: "block", borderRadius: vars.radius.medium, overflow: "hidden" });
export const photo = style({ display: "block", width: "12rem", maxWidth: "100%", height: "auto", aspectRatio: "1", objectFit: "cover" });
export const gift = style({ display: "flex", alignItems: "center", gap: "0.5rem", fontWeight: 700 });
export const giftText = style({ margin: "0.35rem 0 0", fontWeight: 400 });
export const meta = style({ display: "flex", gap: "0.5rem", padding: "0.1rem 0.3rem", color: vars.color.textMuted, fontSize: "0.75rem" });
export const read = style({ fontWeight: 700, color: vars.color.link });
export const typing = style({ minHeight: "1.5rem", margin: 0, color: vars.color.textMuted, fontSize: "0.9rem", fontStyle: "italic" });

export const footer = style({
  position: "sticky",
  bottom: 0,
  zIndex: 2,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  paddingBottom: "env(safe-area-inset-bottom)",
});
export const footerInner = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: "0.4rem",
  maxWidth: COLUMN,
  margin: "0 auto",
  padding: "0.5rem 0.6rem",
});
export const composer = style({ display: "flex", alignItems: "flex-end", gap: "0.4rem" });
export const sendForm = style({ display: "flex", alignItems: "flex-end", gap: "0.4rem", flex: 1, minWidth: 0 });
export const tools = style({ display: "flex", gap: "0.3rem", flex: "none" });
export const textarea = style({
  flex: 1,
  minWidth: 0,
  height: "44px",
  minHeight: "44px",
  // Five lines of text, and never more than a third of a phone's screen with the keyboard open.
  maxHeight: ["min(calc(7em + 1.1rem + 2px), 30vh)", "min(calc(7em + 1.1rem + 2px), 30dvh)"],
  overflowY: "auto",
  padding: "0.55rem 0.75rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  lineHeight: 1.4,
  resize: "none",
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: "2px" },
    "&:focus-visible": focusRing,
  },
});
export const iconButton = style({
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: "1.2rem",
  lineHeight: 1,
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&:hover, &:focus-within": { background: vars.color.surfaceMuted },
    "&:has(input:focus-visible)": focusRing,
  },
});
export const send = style({
  display: "inline-grid",
  placeItems: "center",
  flex: "none",
  minWidth: "44px",
  minHeight: "44px",
  padding: "0 0.7rem",
  "@media": { [media.sm]: { padding: "0 1.1rem" } },
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  font: "inherit",
  fontWeight: 700,
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "not-allowed" } },
});
export const counterRow = style({ display: "flex", justifyContent: "space-between", gap: "0.75rem", color: vars.color.textMuted, fontSize: "0.8rem" });
export const hint = style({ display: "none", "@media": { [`(pointer: fine) and (min-width: 576px)`]: { display: "inline" } } });
export const sendLabel = style({
  "@media": {
    "screen and (max-width: 575.98px)": {
      position: "absolute",
      width: "1px",
      height: "1px",
      margin: "-1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});
export const sendIcon = style({ display: "block", "@media": { [media.sm]: { display: "none" } } });
export const counterOf = styleVariants({
  normal: { marginLeft: "auto" },
  warning: { marginLeft: "auto", color: vars.color.warning, fontWeight: 700 },
  over: { marginLeft: "auto", color: vars.color.danger, fontWeight: 700 },
});

export const gifts = style({});
export const giftPanel = style({
  position: "absolute",
  bottom: "calc(100% + 0.5rem)",
  left: "0.6rem",
  zIndex: 3,
  width: "min(22rem, calc(100% - 1.2rem))",
  padding: "0.75rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: "0 10px 30px rgba(0,0,0,0.2)",
});
export const giftTitle = style({ margin: "0 0 0.5rem", fontSize: "1rem" });
export const giftList = style({ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: "0.4rem", margin: 0, padding: 0, listStyle: "none" });
export const giftButton = style({
  display: "grid",
  justifyItems: "center",
  gap: "0.15rem",
  width: "100%",
  minHeight: "44px",
  padding: "0.4rem 0.2rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: "0.8rem",
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.primary, background: vars.color.surfaceMuted } },
});

export const problem = style({ display: "grid", gap: "0.5rem", justifyItems: "start" });
export const problemActions = style({ display: "flex", flexWrap: "wrap", gap: "0.5rem", alignItems: "center" });

export const lines = style({ display: "grid", gap: "0.5rem", margin: "1rem 0", padding: 0, listStyle: "none", textAlign: "left" });
export const line = style({
  width: "100%",
  minHeight: "44px",
  padding: "0.6rem 0.9rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  textAlign: "left",
  cursor: "pointer",
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.primary, background: vars.color.surfaceMuted } },
});
export const price = style({ margin: "0 0 1rem", color: vars.color.textMuted, fontSize: "0.9rem" });
export const modalTitle = style({ margin: "0 1.5rem 0.5rem", fontSize: "1.3rem" });
export const modalText = style({ margin: 0 });

export const blocked = style({
  flex: 1,
  width: "100%",
  maxWidth: "32rem",
  margin: "0 auto",
  padding: "3rem 1rem",
  display: "grid",
  gap: "1rem",
  justifyItems: "start",
  alignContent: "start",
});
