import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";
import { input as formInput, secondaryButton } from "../form.css";

/** A compact field and button under the packages; on a phone they share one row. */
export const form = style({ display: "grid", gap: "0.4rem", maxWidth: "26rem", margin: "1.5rem 0 0" });
export const label = style({ fontWeight: 700 });
export const row = style({ display: "flex", gap: "0.5rem" });
export const input = style([formInput, { flex: 1, minWidth: 0, textTransform: "uppercase", letterSpacing: "0.06em" }]);
export const apply = style([secondaryButton, { flex: "none" }]);
export const error = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
