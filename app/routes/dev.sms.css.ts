import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const page = style({ flex: 1, width: "100%", maxWidth: "48rem", margin: "0 auto", padding: "2rem 1rem" });
export const list = style({ margin: 0, padding: 0, listStyle: "none", display: "grid", gap: "0.5rem" });
export const item = style({ display: "grid", gap: "0.25rem", padding: "0.75rem 1rem", border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.medium, overflowWrap: "anywhere" });
export const meta = style({ fontSize: "0.875rem" });
export const phone = style({ fontWeight: 700 });
export const text = style({ margin: 0, whiteSpace: "pre-wrap" });
