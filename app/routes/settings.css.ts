import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

/** One column of cards on phones; from lg, the list of sections beside them. */
export const page = style({
  flex: 1,
  width: "100%",
  maxWidth: "60rem",
  margin: "0 auto",
  padding: "1.5rem 1rem 3rem",
  "@media": { [media.md]: { padding: "2rem 1.5rem 4rem" } },
});
export const header = style({ marginBottom: "1.25rem" });
export const heading = style({ margin: "0 0 0.25rem", fontSize: "1.75rem", fontFamily: vars.font.heading });
export const lead = style({ margin: 0, color: vars.color.textMuted });

export const layout = style({
  display: "grid",
  gap: "1.25rem",
  alignItems: "start",
  "@media": { [media.lg]: { gridTemplateColumns: "13rem minmax(0, 1fr)", gap: "2rem" } },
});

export const toc = style({ display: "none", "@media": { [media.lg]: { display: "block", position: "sticky", top: "1.5rem" } } });
export const tocList = style({ display: "grid", gap: "0.25rem", margin: 0, padding: 0, listStyle: "none" });
export const tocLink = style({
  display: "block",
  padding: "0.6rem 0.85rem",
  borderRadius: vars.radius.medium,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted },
    "&:focus-visible": { outline: `3px solid ${vars.color.text}`, outlineOffset: "1px" },
  },
});
export const tocDanger = style([tocLink, { color: vars.color.danger }]);

export const sections = style({ display: "grid", gap: "1.25rem", minWidth: 0 });

export const card = style({
  display: "grid",
  gap: "1rem",
  padding: "1.25rem",
  borderRadius: vars.radius.large,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0,
  scrollMarginTop: "1rem",
  "@media": { [media.md]: { padding: "1.5rem 1.75rem" } },
});
/** Deleting stands apart: after a gap, in the danger colour. */
export const dangerCard = style([card, { marginTop: "1rem", borderColor: vars.color.danger, borderWidth: "2px" }]);
export const cardTitle = style({ margin: 0, fontSize: "1.25rem", fontFamily: vars.font.heading });
export const dangerTitle = style([cardTitle, { color: vars.color.danger }]);
export const cardLead = style({ margin: "-0.5rem 0 0", color: vars.color.textMuted, overflowWrap: "anywhere" });
export const subTitle = style({ margin: 0, fontSize: "1.05rem" });
export const block = style({ display: "grid", gap: "1rem", paddingTop: "1rem", borderTop: `1px solid ${vars.color.border}` });
/** Right under the card's title, a block needs no rule to set it apart. */
globalStyle(`${cardTitle} + ${block}`, { paddingTop: 0, borderTop: 0 });
export const text = style({ margin: 0, overflowWrap: "anywhere" });
export const strong = style({ fontWeight: 700 });
/** The save button sits at the start of its form, not stretched across it. */
export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "0.75rem 1.25rem" });

export const choices = style({ display: "grid", gap: "0.5rem", margin: 0, padding: 0, border: 0, minWidth: 0 });
export const choice = style({
  display: "flex",
  alignItems: "center",
  gap: "0.75rem",
  minHeight: "48px",
  padding: "0.5rem 0.9rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: "pointer",
  fontWeight: 600,
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primaryStrong, borderWidth: "2px", background: vars.color.surfaceMuted } },
});
export const control = style({ width: "1.25rem", height: "1.25rem", margin: 0, flex: "none", accentColor: vars.color.primaryStrong });
globalStyle(`${choice} input:focus-visible`, { outline: `3px solid ${vars.color.text}`, outlineOffset: "2px" });

export const toggle = style([choice, { alignItems: "flex-start", fontWeight: 400 }]);
export const toggleText = style({ display: "grid", gap: "0.25rem" });
export const toggleTitle = style({ fontWeight: 700 });
export const toggleHint = style({ color: vars.color.textMuted, fontSize: "0.95rem" });

/**
 * A live region is in the page before it speaks; while silent it is taken out of the flow (not
 * hidden, so screen readers still hear it), or the grid would give it a gap of its own.
 */
export const status = style({ selectors: { "&:empty": { position: "absolute", width: "1px", height: "1px", overflow: "hidden" } } });
