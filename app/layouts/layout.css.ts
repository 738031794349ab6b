import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";
import { media } from "../../themes/breakpoints";

export const main = style({ flex: 1, display: "flex", flexDirection: "column" });
export const logoBar = style({ background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}`, paddingBlock: "0.5rem" });
// Room below the footer for the member tab bar, fixed at the bottom on phones.
export const tabBarSpace = style({ height: "4rem", "@media": { [media.md]: { display: "none" } } });
