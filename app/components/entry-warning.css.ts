import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const bar = style({ background: vars.color.text, color: vars.color.surface, fontSize: "0.85rem" });
export const text = style({ margin: 0, paddingBlock: "0.4rem" });
