import { style } from "@vanilla-extract/css";
import { vars } from "../../themes";

export const section = style({ padding: "1.25rem 0", borderTop: `1px solid ${vars.color.border}` });
