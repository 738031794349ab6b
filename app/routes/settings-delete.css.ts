import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";
import { button } from "../components/form.css";

/** The flow is one column at reading width, on phones and desktops alike. */
export const page = style({
  flex: 1,
  width: "100%",
  maxWidth: "40rem",
  margin: "0 auto",
  padding: "1.5rem 1rem 3rem",
  display: "grid",
  // One column as wide as the page, never wider: a long address in the text wraps instead.
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: "1.25rem",
  alignContent: "start",
  "@media": { [media.md]: { padding: "2rem 1.5rem 4rem" } },
});
export const heading = style({ margin: 0, fontSize: "1.75rem", fontFamily: vars.font.heading });
export const lead = style({ margin: 0, color: vars.color.textMuted });
export const subheading = style({ margin: 0, fontSize: "1.15rem", fontFamily: vars.font.heading });
export const legend = style({ padding: 0, marginBottom: "0.5rem", fontWeight: 700 });

export const offers = style({ display: "grid", gap: "0.75rem", margin: 0, padding: 0, listStyle: "none" });
export const offer = style({
  display: "grid",
  gap: "0.6rem",
  justifyItems: "start",
  padding: "1rem",
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});
/** A code the member may copy or type: large, spaced, never broken in the middle. */
export const code = style({
  margin: 0,
  padding: "0.35rem 0.75rem",
  borderRadius: vars.radius.medium,
  border: `2px dashed ${vars.color.border}`,
  background: vars.color.surface,
  fontFamily: "monospace",
  fontSize: "1.2rem",
  fontWeight: 700,
  letterSpacing: "0.08em",
  overflowWrap: "anywhere",
});

// The facts name the member's e-mail address, one long word on a 360 px phone.
export const facts = style({ display: "grid", gap: "0.5rem", margin: 0, paddingLeft: "1.25rem", overflowWrap: "anywhere" });

/** Going on with deleting is a choice in the danger colour, never the brand's inviting one. */
export const dangerButton = style([button, { background: vars.color.danger, color: vars.color.surface }]);
