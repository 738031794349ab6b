import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { button, secondaryButton } from "./form.css";

export const backdrop = style({
  position: "fixed",
  inset: 0,
  zIndex: 50,
  display: "grid",
  placeItems: "center",
  padding: "1rem",
  background: "rgba(10, 16, 24, 0.72)",
});
export const dialog = style({
  width: "100%",
  maxWidth: "28rem",
  padding: "1.75rem 1.5rem",
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.large,
  textAlign: "center",
});
export const choices = style({ display: "grid", gap: "0.6rem", marginTop: "1.25rem" });
export const confirm = style([button, { width: "100%" }]);
export const leave = style([secondaryButton, { width: "100%", boxShadow: "none" }]);
