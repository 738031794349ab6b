import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";
import { focusRing } from "../../styles/focus-ring";

/** The payment screens: a column a little wider than the account forms, room for two tiles a row. */
export const page = style({ flex: 1, width: "100%", maxWidth: "40rem", margin: "0 auto", padding: "1.5rem 1rem 5rem", "@media": { [media.md]: { paddingBottom: "3rem" } } });
export const heading = style({ margin: "0 0 1rem", fontSize: "1.6rem", lineHeight: 1.2 });
export const subheading = style({ margin: "1.5rem 0 0.75rem", fontSize: "1.15rem" });
export const muted = style({ color: vars.color.textMuted });

/** The chosen package: credits large, the price beside it. */
export const summary = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "0.5rem 1rem",
  padding: "1rem 1.25rem",
  borderRadius: vars.radius.large,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});
export const summaryCredits = style({ margin: 0, fontSize: "1.35rem", fontWeight: 700 });
export const summaryPrice = style({ margin: 0, fontSize: "1.35rem", fontWeight: 700, color: vars.color.primaryStrong });
export const summaryNormalPrice = style({ fontSize: "1rem", fontWeight: 500, color: vars.color.textMuted });
export const summaryNote = style({ flexBasis: "100%", margin: 0, fontSize: "0.9rem", color: vars.color.textMuted });
export const change = style({ color: vars.color.link, fontWeight: 600, fontSize: "0.95rem" });

export const form = style({ display: "grid", gap: "1rem", marginTop: "1.25rem" });
export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ marginBottom: "0.75rem", padding: 0, fontSize: "1.15rem", fontWeight: 700 });

export const tiles = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  alignItems: "start",
  gap: "0.75rem",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [media.sm]: { gridTemplateColumns: "1fr 1fr" } },
});

/** One method: the whole tile is the radio's label; the checked one carries the brand colour. */
export const tile = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  alignItems: "center",
  gap: "0.75rem",
  minHeight: "4rem",
  padding: "0.75rem 1rem",
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: "pointer",
  selectors: {
    "&:has(input:checked)": { borderColor: vars.color.primaryStrong, boxShadow: `0 0 0 1px ${vars.color.primaryStrong}` },
    "&:has(input:focus-visible)": focusRing,
    "&:hover": { borderColor: vars.color.primary },
  },
});
export const tileItem = style({ display: "grid", gap: "0.5rem" });
export const radio = style({ width: "1.25rem", height: "1.25rem", margin: 0, accentColor: vars.color.primaryStrong });
export const tileName = style({ fontWeight: 700, fontSize: "1.05rem", overflowWrap: "anywhere" });
export const tileNote = style({ display: "block", fontWeight: 400, fontSize: "0.85rem", color: vars.color.danger });
export const mark = style({ display: "block", width: "48px", height: "32px", flex: "none" });

/** The bank choice shows under its method while that method is chosen (and always without :has support). */
export const issuers = style({ display: "grid", gap: "0.35rem", padding: "0 0.25rem" });
globalStyle(`${tileItem}:has(input[type="radio"]:not(:checked)) ${issuers}`, { display: "none" });
/** A chosen method with a bank list takes the whole row, so its neighbour keeps its own height. */
globalStyle(`${tileItem}:has(input[type="radio"]:checked):has(${issuers})`, { gridColumn: "1 / -1" });

export const payButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  minHeight: "56px",
  padding: "0.6rem 1.5rem",
  lineHeight: 1.25,
  textAlign: "center",
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  font: "inherit",
  fontSize: "1.1rem",
  fontWeight: 700,
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "progress" } },
  "@media": { [media.sm]: { width: "auto", justifySelf: "start", minWidth: "16rem" } },
});
export const secure = style({ margin: 0, fontSize: "0.85rem", color: vars.color.textMuted });

/** The return page's big state: an icon in a circle, the title, one line, then what to do next. */
export const state = style({ display: "grid", justifyItems: "center", gap: "0.75rem", padding: "2rem 1rem 1rem", textAlign: "center" });
export const stateTitle = style({ margin: 0, fontSize: "1.5rem" });
export const stateText = style({ margin: 0, maxWidth: "30rem", color: vars.color.textMuted });
export const stateIcon = styleVariants({
  waiting: { color: vars.color.primaryStrong },
  done: { color: vars.color.success },
  failed: { color: vars.color.danger },
});
const spin = keyframes({ to: { transform: "rotate(360deg)" } });
export const spinner = style({
  width: "56px",
  height: "56px",
  borderRadius: "50%",
  border: `5px solid ${vars.color.surfaceMuted}`,
  borderTopColor: vars.color.primaryStrong,
  animation: `${spin} 1s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "3s" } },
});
export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "center", gap: "0.75rem 1.25rem", marginTop: "0.5rem" });
export const balance = style({ margin: 0, fontSize: "1.1rem", fontWeight: 700 });

export const alert = style({
  margin: 0,
  padding: "0.75rem 1rem",
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.danger}`,
  background: vars.color.surface,
  color: vars.color.text,
});
export const alertTitle = style({ display: "block", color: vars.color.danger, fontWeight: 700 });

/** Transactions: a list of rows; on a phone the amount goes under the description. */
export const rows = style({ margin: 0, padding: 0, listStyle: "none", borderTop: `1px solid ${vars.color.border}` });
export const row = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: "0.15rem 1rem",
  padding: "0.85rem 0.25rem",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const rowWhat = style({ fontWeight: 600, overflowWrap: "anywhere" });
export const rowDate = style({ gridColumn: "1", fontSize: "0.875rem", color: vars.color.textMuted });
export const rowCredits = style({ gridRow: "1", gridColumn: "2", justifySelf: "end", fontWeight: 700, fontVariantNumeric: "tabular-nums" });
export const rowAmount = style({ gridColumn: "2", justifySelf: "end", fontSize: "0.875rem", color: vars.color.textMuted, fontVariantNumeric: "tabular-nums" });
export const plus = style({ color: vars.color.success });
export const minus = style({ color: vars.color.text });
export const status = styleVariants({
  good: { color: vars.color.success, fontWeight: 600 },
  waiting: { color: vars.color.textMuted, fontWeight: 600 },
  bad: { color: vars.color.danger, fontWeight: 600 },
});
export const link = style({ color: vars.color.link, fontWeight: 600 });
export const more = style({ display: "flex", justifyContent: "center", marginTop: "1.25rem" });
export const moreStart = style([more, { justifyContent: "flex-start" }]);
export const secondaryButton = style([
  payButton,
  { background: vars.color.surface, color: vars.color.text, border: `2px solid ${vars.color.border}`, fontSize: "1rem", minHeight: "48px" },
]);

/** The receipt: a sheet that prints on its own (the navigation and footer stay off paper). */
export const receipt = style({
  display: "grid",
  gap: "1.25rem",
  padding: "1.25rem",
  borderRadius: vars.radius.large,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  "@media": { print: { border: 0, padding: 0 } },
});
export const company = style({ margin: 0, fontStyle: "normal", lineHeight: 1.5 });
export const details = style({ display: "grid", gridTemplateColumns: "minmax(7rem, auto) 1fr", gap: "0.4rem 1rem", margin: 0 });
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, fontWeight: 600, overflowWrap: "anywhere" });
export const total = style({ display: "flex", justifyContent: "space-between", gap: "1rem", paddingTop: "0.75rem", borderTop: `2px solid ${vars.color.text}`, fontSize: "1.15rem", fontWeight: 700 });
export const noPrint = style({ "@media": { print: { display: "none" } } });
globalStyle("header, footer, nav", { "@media": { print: { display: "none" } } });

export const detailRow = style({ display: "contents" });
/** The stored card or mandate of a repeat order: shown, not chosen. */
export const storedCard = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  alignItems: "center",
  gap: "0.75rem",
  padding: "0.75rem 1rem",
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
});
