import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

/** Two short fields side by side (street and number, zip and city), stacked on a phone. */
export const pair = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: "1rem",
  "@media": { [media.sm]: { gridTemplateColumns: "2fr 1fr" } },
});
export const pairNarrowFirst = style([pair, { "@media": { [media.sm]: { gridTemplateColumns: "1fr 2fr" } } }]);

/** The mandate: its words in a box, the checkbox that signs them beside. */
export const mandate = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  alignItems: "start",
  gap: "0.75rem",
  padding: "1rem",
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  lineHeight: 1.5,
});
export const checkbox = style({ width: "1.35rem", height: "1.35rem", margin: "0.1rem 0 0", accentColor: vars.color.primaryStrong });
export const mandateErrors = style({ gridColumn: "1 / -1" });

/** The SMS code: large digits, spaced, as they are read off a phone. */
export const code = style({ fontSize: "1.5rem", letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums", maxWidth: "14rem" });

export const steps = style({ display: "flex", flexWrap: "wrap", gap: "0.25rem 1rem", margin: "0 0 1rem", padding: 0, listStyle: "none", fontSize: "0.9rem", color: vars.color.textMuted });
export const currentStep = style({ color: vars.color.text, fontWeight: 700 });

export const resend = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "0.5rem 1rem", marginTop: "1.25rem" });
export const note = style({ margin: 0, fontSize: "0.9rem", color: vars.color.textMuted });
