import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

/** A gift is a sticker: the brand's illustration on a light disc, readable on either bubble colour. */
export const art = style({
  display: "block",
  flex: "none",
  width: "3rem",
  height: "3rem",
  padding: "0.3rem",
  borderRadius: "50%",
  background: vars.color.surface,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});
// In a list preview the drawing stands in the line of text, without its disc.
export const small = style([
  art,
  { display: "inline-block", width: "1.3rem", height: "1.3rem", padding: 0, marginRight: "0.3rem", verticalAlign: "-0.3rem", boxShadow: "none", background: "transparent" },
]);

export const primary = style({ fill: vars.color.primary });
export const strong = style({ fill: vars.color.primaryStrong });
export const accent = style({ fill: vars.color.secondary });
export const leaf = style({ fill: vars.color.success });
export const stem = style({ fill: "none", stroke: vars.color.success, strokeWidth: 2.5, strokeLinecap: "round" });
export const light = style({ fill: vars.color.surface });
export const ink = style({ fill: vars.color.text });
export const shine = style({ fill: "#fff", fillOpacity: 0.45 });
export const line = style({ fill: "none", stroke: vars.color.primaryStrong, strokeWidth: 1.6, strokeLinecap: "round" });
