import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";
import { button, secondaryButton } from "../form.css";
import { focusRing } from "../../styles/focus-ring";

// Focused only by script, after a dismissal, to keep the keyboard here.
export const region = style({ display: "grid", gap: "0.5rem", paddingBlock: "0.75rem 0", outline: "none" });

export const banner = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "start",
  gap: "0.25rem 0.75rem",
  padding: "0.75rem 0.5rem 0.75rem 1rem",
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: "6px",
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  "@media": { [media.md]: { padding: "0.85rem 0.75rem 0.85rem 1.25rem" } },
});

/** The coloured edge says how urgent a banner is, in the brand's own colours. */
export const accent = styleVariants({
  activation: { borderInlineStartColor: vars.color.warning },
  notifications: { borderInlineStartColor: vars.color.danger },
  photo: { borderInlineStartColor: vars.color.primary },
  push: { borderInlineStartColor: vars.color.secondary },
});

export const body = style({
  display: "grid",
  gap: "0.6rem",
  minWidth: 0,
  "@media": { [media.md]: { gridTemplateColumns: "minmax(0, 1fr) auto", alignItems: "center", columnGap: "1.5rem" } },
});
export const message = style({ display: "grid", gap: "0.35rem", minWidth: 0 });
export const title = style({ margin: 0, fontWeight: 700, fontSize: "1rem" });
export const text = style({ margin: 0, overflowWrap: "anywhere" });
export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "0.5rem 1rem" });
// Long labels (Finnish, German) may wrap on a phone: the pill grows rather than overflows.
export const action = style([button, { minHeight: "44px", padding: "0.4rem 1.1rem", lineHeight: 1.25, textAlign: "center" }]);
export const result = style({ margin: 0, fontWeight: 600, color: vars.color.text });

export const dismiss = style({
  display: "grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  margin: "-0.25rem 0",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.textMuted,
  font: "inherit",
  fontSize: "1.6rem",
  lineHeight: 1,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted, color: vars.color.text },
    "&:focus-visible": focusRing,
  },
});

export const notice = style({ margin: 0, padding: "0.5rem 1rem", borderRadius: vars.radius.medium, background: vars.color.surfaceMuted, fontWeight: 600 });

export const dialog = style({
  width: "calc(100% - 2rem)",
  maxWidth: "28rem",
  padding: "1.5rem 1.25rem",
  border: 0,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: "0 20px 50px rgba(0,0,0,0.3)",
  selectors: { "&::backdrop": { background: "rgba(10, 16, 24, 0.72)" } },
});
export const dialogTitle = style({ margin: "0 0 0.75rem", fontSize: "1.3rem", outline: "none" });
export const dialogText = style([text, { marginBottom: "1.25rem" }]);
export const dialogActions = style({ display: "grid", gap: "0.75rem" });
export const dialogButton = style([button, { width: "100%" }]);
export const dialogClose = style([secondaryButton, { width: "100%" }]);
