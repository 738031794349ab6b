import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const page = style({ flex: 1, maxWidth: "40rem", margin: "0 auto", padding: "4rem 1rem", textAlign: "center" });
export const status = style({ fontSize: "3.5rem", fontWeight: 800, color: vars.color.primaryStrong, margin: 0 });
export const title = style({ fontSize: "1.75rem" });
export const home = style({
  display: "inline-block",
  marginTop: "1rem",
  padding: "0.7rem 1.4rem",
  borderRadius: vars.radius.pill,
  background: vars.color.primaryStrong,
  color: vars.color.onPrimaryStrong,
  fontWeight: 600,
  textDecoration: "none",
});
