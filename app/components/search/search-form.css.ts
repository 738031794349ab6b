import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { media } from "../../../themes/breakpoints";

export const form = style({ display: "flex", flexDirection: "column", gap: "1.1rem", paddingTop: "0.5rem" });
export const field = style({ display: "grid", gap: "0.35rem", flex: "1 1 0", minWidth: 0 });
export const label = style({ padding: 0, fontWeight: 600, fontSize: "0.92rem" });

/** Two fields side by side (the age range); one alone takes the whole row. */
export const pair = style({ display: "flex", gap: "0.75rem" });

export const group = style({ display: "grid", gap: "0.5rem", margin: 0, padding: 0, border: "none", minWidth: 0 });
/** The choices side by side in equal parts, as a segmented control. */
export const choices = style({ display: "grid", gridAutoFlow: "column", gridAutoColumns: "minmax(0, 1fr)", gap: "0.4rem" });

/** A choice as a pill: the radio inside stays in the accessibility tree and takes the focus. */
export const choice = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: "0.25rem 0.5rem",
  textAlign: "center",
  lineHeight: 1.2,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  selectors: {
    "&:has(:checked)": { borderColor: vars.color.primaryStrong, background: vars.color.primaryStrong, color: "#fff" },
    "&:has(:focus-visible)": { outline: `3px solid ${vars.color.text}`, outlineOffset: "2px" },
    "&:hover": { borderColor: vars.color.primaryStrong },
  },
});
export const radio = style({ position: "absolute", inset: 0, width: "100%", height: "100%", margin: 0, opacity: 0, cursor: "pointer" });

export const actions = style({
  position: "sticky",
  bottom: 0,
  display: "flex",
  gap: "0.75rem",
  paddingBlock: "0.75rem 0.25rem",
  marginTop: "0.25rem",
  background: vars.color.surface,
  "@media": { [media.lg]: { position: "static" } },
});
export const submit = style({ flex: 1 });
