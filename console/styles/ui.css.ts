import { globalStyle, style, styleVariants } from "@vanilla-extract/css";

/**
 * The console's few building blocks: a calm, dense look for people who use it all day. Colours
 * meet WCAG AA on white; focus is always visible; nothing depends on colour alone.
 */
export const colour = {
  text: "#1d2330",
  muted: "#5b6475",
  line: "#d9dde5",
  surface: "#ffffff",
  page: "#f4f5f8",
  accent: "#3a3fb8",
  accentSoft: "#e9eafb",
  danger: "#b42318",
  dangerSoft: "#fdecea",
  ok: "#106b3c",
  okSoft: "#e5f5ec",
  warn: "#8a5300",
  warnSoft: "#fff4e0",
};

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", fontSize: "15px", lineHeight: 1.5, color: colour.text, background: colour.page });
globalStyle("body", { margin: 0 });
globalStyle("a", { color: colour.accent });
globalStyle(":focus-visible", { outline: `3px solid ${colour.accent}`, outlineOffset: "2px" });
globalStyle("h1, h2, h3", { lineHeight: 1.25, margin: "0 0 0.75rem" });
globalStyle("h1", { fontSize: "1.5rem" });
globalStyle("h2", { fontSize: "1.15rem" });
globalStyle("code, pre", { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.85em" });

export const page = style({ display: "grid", gap: "1.25rem", maxWidth: "80rem" });

export const pageHeader = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: "0.5rem 1rem" });

export const lead = style({ color: colour.muted, margin: 0 });

export const card = style({ background: colour.surface, border: `1px solid ${colour.line}`, borderRadius: "10px", padding: "1rem 1.25rem", minWidth: 0 });

export const grid = style({ display: "grid", gap: "1rem", gridTemplateColumns: "repeat(auto-fit, minmax(18rem, 1fr))" });

export const tableWrap = style({ overflowX: "auto", background: colour.surface, border: `1px solid ${colour.line}`, borderRadius: "10px" });

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.93rem" });
globalStyle(`${table} th, ${table} td`, { textAlign: "left", padding: "0.5rem 0.75rem", borderBottom: `1px solid ${colour.line}`, verticalAlign: "top" });
globalStyle(`${table} th`, { fontWeight: 600, color: colour.muted, background: "#fafbfc", whiteSpace: "nowrap" });
globalStyle(`${table} tr:last-child td`, { borderBottom: "none" });

export const definitions = style({ display: "grid", gridTemplateColumns: "minmax(8rem, max-content) 1fr", gap: "0.35rem 1rem", margin: 0 });
globalStyle(`${definitions} dt`, { color: colour.muted });
globalStyle(`${definitions} dd`, { margin: 0, minWidth: 0, overflowWrap: "anywhere" });

export const form = style({ display: "grid", gap: "0.85rem", maxWidth: "32rem" });
export const inlineForm = style({ display: "flex", flexWrap: "wrap", alignItems: "end", gap: "0.5rem 0.75rem" });

export const field = style({ display: "grid", gap: "0.3rem" });
export const label = style({ fontWeight: 600, fontSize: "0.9rem" });
export const hint = style({ color: colour.muted, fontSize: "0.85rem", margin: 0 });
export const fieldError = style({ color: colour.danger, fontSize: "0.88rem", margin: 0 });

export const input = style({
  font: "inherit",
  padding: "0.5rem 0.65rem",
  border: `1px solid #8a93a5`,
  borderRadius: "6px",
  background: colour.surface,
  color: colour.text,
  minWidth: 0,
  selectors: { "&[aria-invalid='true']": { borderColor: colour.danger } },
});

const buttonBase = style({
  font: "inherit",
  fontWeight: 600,
  padding: "0.5rem 0.95rem",
  borderRadius: "6px",
  border: "1px solid transparent",
  cursor: "pointer",
  textDecoration: "none",
  display: "inline-flex",
  alignItems: "center",
  gap: "0.4rem",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "default" } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: colour.accent, color: "#fff" }],
  secondary: [buttonBase, { background: colour.surface, color: colour.text, borderColor: "#8a93a5" }],
  danger: [buttonBase, { background: colour.danger, color: "#fff" }],
});

const noticeBase = style({ padding: "0.65rem 0.9rem", borderRadius: "8px", border: "1px solid", margin: 0 });
export const notice = styleVariants({
  info: [noticeBase, { background: colour.accentSoft, borderColor: "#c5c8f3", color: colour.text }],
  ok: [noticeBase, { background: colour.okSoft, borderColor: "#b5e0c7", color: colour.ok }],
  warn: [noticeBase, { background: colour.warnSoft, borderColor: "#f3d39b", color: colour.warn }],
  error: [noticeBase, { background: colour.dangerSoft, borderColor: "#f3b8b2", color: colour.danger }],
});

const badgeBase = style({ display: "inline-block", padding: "0.05rem 0.5rem", borderRadius: "999px", fontSize: "0.8rem", fontWeight: 600, whiteSpace: "nowrap" });
export const badge = styleVariants({
  neutral: [badgeBase, { background: "#eceef2", color: colour.text }],
  accent: [badgeBase, { background: colour.accentSoft, color: colour.accent }],
  ok: [badgeBase, { background: colour.okSoft, color: colour.ok }],
  warn: [badgeBase, { background: colour.warnSoft, color: colour.warn }],
  danger: [badgeBase, { background: colour.dangerSoft, color: colour.danger }],
});

/** Text for screen readers only. */
export const visuallyHidden = style({ position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" });

/** The sign-in and set-up pages: one card in the middle of the page. */
export const centred = style({ minHeight: "100vh", display: "grid", placeItems: "center", padding: "1.5rem" });
export const narrowCard = style([card, { width: "100%", maxWidth: "26rem", padding: "1.75rem" }]);
