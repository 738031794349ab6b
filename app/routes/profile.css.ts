import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const page = style({ flex: 1, width: "100%", maxWidth: "44rem", margin: "0 auto", padding: "1.5rem 1rem 3rem", display: "grid", gap: "1.25rem", alignContent: "start" });
export const top = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: "0.5rem" });
export const card = style({ display: "grid", gap: "1rem", padding: "1.25rem", borderRadius: vars.radius.large, border: `1px solid ${vars.color.border}`, background: vars.color.surface, minWidth: 0 });
export const cardTitle = style({ margin: 0, fontSize: "1.25rem" });
export const count = style({ fontWeight: 400, color: vars.color.textMuted, fontSize: "1rem" });
export const inline = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "0.75rem" });
export const state = style({ margin: 0, fontWeight: 600 });
export const blockedList = style({ display: "grid", gap: "0.5rem", margin: 0, padding: 0, listStyle: "none" });
