import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const main = style({ flex: 1, display: "flex", flexDirection: "column" });
export const logoBar = style({ background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}`, paddingBlock: "0.5rem" });
