import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const page = style({ flex: 1, width: "100%", maxWidth: "40rem", margin: "0 auto", padding: "4rem 1rem", textAlign: "center" });
export const home = style({ fontWeight: 600, color: vars.color.link });
