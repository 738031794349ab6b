import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes";

// Its own module, not the slots': a style module two components share joins the chunk every page loads.
export const confirmPanel = style({ padding: "1.25rem", borderRadius: vars.radius.large, border: `2px solid ${vars.color.danger}`, background: vars.color.surface });
export const confirm = style({ display: "grid", gap: "0.75rem", justifyItems: "center", textAlign: "center" });
export const confirmImage = style({ width: "7rem", height: "7rem", objectFit: "cover", borderRadius: vars.radius.medium });
export const confirmTitle = style({ margin: 0, fontSize: "1.25rem" });
export const confirmActions = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0.6rem", marginTop: "0.25rem" });
